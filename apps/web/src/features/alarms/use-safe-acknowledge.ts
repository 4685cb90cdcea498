/**
 * Acknowledging an alarm safely (issue 13), for its queue row and its incident view alike: the
 * first click locks the action synchronously, before React re-renders the button disabled, so the
 * second click of a double click does nothing; panic, duress and emergency open the disposition
 * dialog instead of acknowledging at once (spec §4; the server requires a disposition and a note).
 *
 * Answers `ack` (the mutation: pending, error, reset), `asking` (the dialog is open),
 * `onAcknowledge` (the button's click), `send` (the dialog's confirm) and `closeDialog`.
 * `onAcknowledged` runs after the server accepted the acknowledgement.
 */
import { useRef, useState } from 'react';
import { alarmNeedsDisposition, type Alarm } from '../../realtime/alarm-events';
import { useAcknowledgeAlarm, type AcknowledgeInput } from './api';

export function useSafeAcknowledge(alarm: Alarm, onAcknowledged?: () => void) {
  const ack = useAcknowledgeAlarm();
  const [asking, setAsking] = useState(false);
  // Set synchronously on the first click, before React re-renders the button disabled.
  const inFlight = useRef(false);
  const send = (v: AcknowledgeInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    ack.mutate(v, {
      onSuccess: () => {
        setAsking(false);
        onAcknowledged?.();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const onAcknowledge = () => {
    if (inFlight.current) return;
    if (alarmNeedsDisposition(alarm)) {
      ack.reset();
      setAsking(true);
    } else send({ notificationId: alarm.notificationId });
  };
  return { ack, asking, onAcknowledge, send, closeDialog: () => setAsking(false) };
}
