import { useSyncExternalStore } from 'react';
import { getSoundState, subscribeSound, type SoundState } from './alert-sound';

/** Whether the alarm tone can play now ('on') or not ('off'). */
export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribeSound, getSoundState, getSoundState);
}
