/**
 * The alarm tone (spec §9: an alert sound plays for 2 s on Trouble, Panic, Alert or Alarm), made
 * with the Web Audio API (no audio files). Browsers allow audio only after a user gesture: the
 * shell asks once per shift (sessionStorage) to enable it, and the choice is kept for the tab.
 * When a tone starts, document.body.dataset.lastAlertSound is set (lets browser tests see it).
 */
import { ALERT_SOUND_MS } from '@vigil/contract';

export const SOUND_PREF_KEY = 'vigil.sound';
export const SOUND_ASKED_KEY = 'vigil.soundAsked';

export type SoundState = 'on' | 'off';

type AudioCtor = typeof AudioContext;
let ctx: AudioContext | null = null;
let wanted = readPref();
let playingUntil = 0;
const listeners = new Set<() => void>();

function readPref(): boolean {
  try {
    return sessionStorage.getItem(SOUND_PREF_KEY) === 'on';
  } catch {
    return false;
  }
}
function writePref(on: boolean): void {
  try {
    sessionStorage.setItem(SOUND_PREF_KEY, on ? 'on' : 'off');
    sessionStorage.setItem(SOUND_ASKED_KEY, '1');
  } catch {
    // ignore
  }
}
function emit(): void {
  listeners.forEach((l) => l());
}

function audioCtor(): AudioCtor | undefined {
  const w = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** 'on' when the user wants sound and the browser lets it play. */
export function getSoundState(): SoundState {
  return wanted && ctx?.state === 'running' ? 'on' : 'off';
}

/** True once the user answered the "Enable alarm sound" prompt in this browser session. */
export function soundAsked(): boolean {
  try {
    return sessionStorage.getItem(SOUND_ASKED_KEY) === '1';
  } catch {
    return true;
  }
}

export function subscribeSound(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Call from a user gesture: creates or resumes the AudioContext. */
export async function enableSound(): Promise<void> {
  wanted = true;
  writePref(true);
  const Ctor = audioCtor();
  if (!Ctor) return emit();
  if (!ctx) {
    ctx = new Ctor();
    ctx.onstatechange = emit;
  }
  emit();
  if (ctx.state !== 'running') await ctx.resume().catch(() => undefined);
  emit();
}

export function disableSound(): void {
  wanted = false;
  writePref(false);
  emit();
}

/** The user chose sound earlier in this shift: resume on the first gesture after a reload. */
export function resumeSoundOnGesture(): () => void {
  if (!wanted) return () => undefined;
  const onGesture = () => {
    remove();
    void enableSound();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', onGesture, true);
    window.removeEventListener('keydown', onGesture, true);
  };
  window.addEventListener('pointerdown', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
  return remove;
}

/** Plays the 2 s alert tone; nothing when sound is off or a tone is already playing. */
export function playAlertTone(now: number = Date.now()): boolean {
  if (!wanted || !ctx || ctx.state === 'closed' || now < playingUntil) return false;
  playingUntil = now + ALERT_SOUND_MS;
  const t0 = ctx.currentTime;
  const end = t0 + ALERT_SOUND_MS / 1000;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  // A two-tone siren: 880 Hz and 660 Hz alternating every quarter second.
  for (let t = 0, i = 0; t < ALERT_SOUND_MS / 1000; t += 0.25, i++) osc.frequency.setValueAtTime(i % 2 ? 660 : 880, t0 + t);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
  gain.gain.setValueAtTime(0.2, end - 0.05);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(end);
  osc.onended = () => {
    osc.disconnect();
    gain.disconnect();
  };
  document.body.dataset.lastAlertSound = String(now);
  return true;
}
