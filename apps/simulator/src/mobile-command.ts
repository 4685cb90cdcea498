/**
 * The start shared by the simulator's one-user commands (`chat`, `call`): reads the common options
 * `--url`, `--email`, `--password`, `--timeout`, `--help` plus the command's own string options,
 * signs in as the mobile user and picks its first branch.
 */
import { parseArgs } from 'node:util';
import { MobileClient, type MobileBranch } from './client.js';

/** A command's own options: name → default value (all strings, as typed on the command line). */
export type ExtraOptions = Record<string, string>;

/** A started command: its options, the signed-in client, its first branch and the server address without a trailing slash. */
export interface MobileCommand<E extends ExtraOptions> {
  options: { [K in keyof E]: string };
  /** Seconds, > 0. */
  timeout: number;
  url: string;
  mobile: MobileClient;
  branch: MobileBranch;
}

/**
 * Parses `argv` and signs in. Answers the started command, or an exit code to return at once:
 * 0 after `--help`, 2 on bad arguments (the help is printed), 1 when the sign-in fails or the user
 * works at no branch. `valid` checks the command's own options (false → exit 2).
 */
export async function startMobileCommand<E extends ExtraOptions>(
  name: string,
  argv: string[],
  help: string,
  defaults: { timeout: string; extra: E; valid?: (o: { [K in keyof E]: string }) => boolean },
): Promise<MobileCommand<E> | number> {
  const extra = Object.fromEntries(Object.entries(defaults.extra).map(([k, v]) => [k, { type: 'string' as const, default: v }]));
  let a: Record<string, string | boolean | undefined>;
  try {
    a = parseArgs({
      args: argv,
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        email: { type: 'string' },
        password: { type: 'string', default: 'Vigil-demo-2026' },
        timeout: { type: 'string', default: defaults.timeout },
        help: { type: 'boolean', default: false },
        ...extra,
      },
    }).values;
  } catch (err) {
    console.error(`simulator ${name}: ${String(err)}`);
    return 2;
  }
  if (a.help) {
    console.log(help);
    return 0;
  }
  const options = Object.fromEntries(Object.keys(defaults.extra).map((k) => [k, String(a[k])])) as { [K in keyof E]: string };
  const timeout = Number(a.timeout);
  const email = typeof a.email === 'string' ? a.email : '';
  if (!email || !Number.isFinite(timeout) || timeout <= 0 || (defaults.valid && !defaults.valid(options))) {
    console.error(help);
    return 2;
  }
  const url = String(a.url).replace(/\/$/, '');
  const mobile = new MobileClient(url, email);
  try {
    await mobile.login(String(a.password));
  } catch (err) {
    console.error(`simulator ${name}: ${String(err)}`);
    return 1;
  }
  const branch = mobile.branches[0];
  if (!branch) {
    console.error(`simulator ${name}: the user works at no branch`);
    return 1;
  }
  return { options, timeout, url, mobile, branch };
}
