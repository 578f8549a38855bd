// Runs one pathological case through robots-parser in a worker thread, so the
// main thread can stop it (worker.terminate) when it passes the time cap.
import { parentPort, workerData } from 'node:worker_threads';
import { millisecondsPerSlowCall } from './measure.js';
import { rpCheck, rpParse } from './subjects.js';

/** What the main thread sends: the robots.txt, the URL and a time budget. */
export interface RpCase {
  readonly text: string;
  readonly url: string;
  readonly budgetMs: number;
}

const job = workerData as RpCase;
const robots = rpParse(job.text);
rpCheck(robots, job.url);
parentPort!.postMessage(millisecondsPerSlowCall(() => void rpCheck(robots, job.url), job.budgetMs));
