/**
 * Reads a WebM recording's timing with an EBML decoder from npm (`ebml`): the segment's Duration
 * (Info), and each track's first and last block time (Cluster Timecode + the block's relative
 * timecode), all in seconds (TimecodeScale applied). For tests and benchmarks that compare a
 * recording with the talk time of its call.
 */
import { readFileSync } from 'node:fs';
import { Decoder } from 'ebml';

/** One track's blocks: how many, and the first and last block's time (s from the segment's start). */
export interface WebmTrackTiming {
  number: number;
  /** 1 video, 2 audio (Matroska TrackType). */
  type: number;
  blocks: number;
  keyframes: number;
  first: number;
  last: number;
}

/** A WebM file's timing: `duration` as written in its Info (s; NaN when absent), and its tracks. */
export interface WebmTiming {
  duration: number;
  tracks: WebmTrackTiming[];
  /** Span of the blocks of every track (last − first, s). */
  span: number;
}

/** Decodes the WebM file at `file` (whole, synchronously read) and answers its timing. */
export function webmTiming(file: string): Promise<WebmTiming> {
  return new Promise((resolve, reject) => {
    const decoder = new Decoder();
    let scale = 1_000_000;
    let duration = NaN;
    let cluster = 0;
    const types = new Map<number, number>();
    let trackNumber: number | undefined;
    let trackType: number | undefined;
    const tracks = new Map<number, WebmTrackTiming>();
    decoder.on('data', (chunk: [string, { name: string; value?: unknown; track?: number; keyframe?: boolean }]) => {
      const [kind, tag] = chunk;
      if (kind === 'start' && tag.name === 'TrackEntry') trackNumber = trackType = undefined;
      if (kind === 'end' && tag.name === 'TrackEntry' && trackNumber != null) types.set(trackNumber, trackType ?? 0);
      if (kind !== 'tag') return;
      if (tag.name === 'TimecodeScale') scale = Number(tag.value);
      else if (tag.name === 'Duration') duration = Number(tag.value);
      else if (tag.name === 'TrackNumber') trackNumber = Number(tag.value);
      else if (tag.name === 'TrackType') trackType = Number(tag.value);
      else if (tag.name === 'Timecode') cluster = Number(tag.value);
      else if (tag.name === 'SimpleBlock' || tag.name === 'Block') {
        const n = tag.track!;
        const t = cluster + Number(tag.value);
        const tr = tracks.get(n) ?? { number: n, type: types.get(n) ?? 0, blocks: 0, keyframes: 0, first: t, last: t };
        tr.blocks++;
        if (tag.keyframe) tr.keyframes++;
        tr.first = Math.min(tr.first, t);
        tr.last = Math.max(tr.last, t);
        tracks.set(n, tr);
      }
    });
    decoder.on('error', reject);
    decoder.on('finish', () => {
      const s = scale / 1e9;
      const list = [...tracks.values()].map((t) => ({ ...t, first: t.first * s, last: t.last * s }));
      const first = Math.min(...list.map((t) => t.first));
      const last = Math.max(...list.map((t) => t.last));
      resolve({ duration: duration * s, tracks: list, span: list.length ? last - first : 0 });
    });
    decoder.end(readFileSync(file));
  });
}
