/**
 * The board's running tasks must not lose a TASK event that arrives while the list's FIRST read is
 * on its way and that read started before the event was committed (issue 17: the whole browser
 * run showed "No task is running" after the app started a task). A real QueryClient with an
 * active observer; the server is played by reads answered by hand.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { SocketEvent } from '@vigil/contract';
import { taskListKeys, type BoardTask } from '../features/task-lists/api';
import { tasksHandler } from './handlers';

const event = {
  type: 'TASK',
  id: 2889,
  BranchOfficeId: 1,
  BranchOfficeName: 'Dega Skënderbej',
  Payload: {
    TaskId: 7,
    TemplateName: 'E2E morning opening',
    Step: 'STARTED',
    Status: 'RUNNING',
    Done: 0,
    Total: 3,
    ExpectedSeconds: 180,
    ElapsedSeconds: 0,
    LateItems: [],
  },
} as unknown as SocketEvent;
const row = { TaskId: 7, BranchOfficeId: 1, BranchOfficeName: 'Dega Skënderbej', Done: 0, Total: 3 } as BoardTask;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('tasksHandler', () => {
  it('reads again when the event arrives during the first read, which answered without the task', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads: ReturnType<typeof deferred<BoardTask[]>>[] = [];
    const observer = new QueryObserver(qc, {
      queryKey: taskListKeys.active,
      queryFn: () => {
        const d = deferred<BoardTask[]>();
        reads.push(d);
        return d.promise;
      },
    });
    const stop = observer.subscribe(() => undefined);
    expect(reads).toHaveLength(1); // the first read, before the task started
    tasksHandler(qc)(event, { replay: false });
    await settle();
    reads[0]!.resolve([]); // its answer: no task yet
    await settle();
    expect(reads).toHaveLength(2); // a second read, started after the event
    reads[1]!.resolve([row]);
    await settle();
    expect(qc.getQueryData<BoardTask[]>(taskListKeys.active)?.map((r) => r.TaskId)).toEqual([7]);
    stop();
    qc.clear();
  });

  it('applies the event at once when the list is loaded', async () => {
    const qc = new QueryClient();
    qc.setQueryData<BoardTask[]>(taskListKeys.active, []);
    tasksHandler(qc)(event, { replay: false });
    expect(qc.getQueryData<BoardTask[]>(taskListKeys.active)?.map((r) => [r.BranchOfficeName, r.Done, r.Total])).toEqual([
      ['Dega Skënderbej', 0, 3],
    ]);
    qc.clear();
  });
});
