import { multipartBody } from '../../server/support/multipart-body';
import { registration } from '../../server/support/accounts';
import { analysisTla } from '../../server/support/upload-helpers';

/**
 * Writes to a server as users do (registrations, uploads, public-flag changes, deletions) and
 * remembers which of them the server acknowledged: after a crash, every acknowledged write must
 * be there; a write in flight may have happened or not.
 */

export interface Owner {
  username: string;
  password: string;
  id: number;
  access: string;
}

export interface KnownFile {
  id: number;
  owner: Owner;
  title: string;
  markers: number;
  /** The last acknowledged value of is_public. */
  isPublic: boolean;
  /** A change of is_public was sent and not answered: either value may be stored. */
  publicInDoubt: boolean;
  deletion: 'none' | 'acknowledged' | 'in doubt';
}

export interface KnownUser {
  username: string;
  password: string;
  id: number;
}

export class WriteLedger {
  readonly users: KnownUser[] = [];
  readonly files = new Map<number, KnownFile>();
  acknowledged = 0;
  /** Writes the server answered with 429 (throttled): none is expected from this workload. */
  throttled = 0;

  /** Notes a write the server answered (not one cut by the crash). */
  answered(status: number): void {
    if (status === 429) this.throttled++;
  }
}

/** A small deterministic random source, so that a failing run can be told and run again. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

async function post(base: string, path: string, body: unknown, access?: string) {
  return fetch(`${base}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

export async function logIn(base: string, username: string, password: string): Promise<string> {
  const response = await post(base, 'token/', { username, password });
  if (response.status !== 200) throw new Error(`login of ${username}: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

/** Runs writes on `lanes` concurrent lanes until `stop` is set; failures are writes in doubt. */
export async function writeUntilStopped(
  base: string,
  ledger: WriteLedger,
  owners: Owner[],
  random: () => number,
  stop: { now: boolean },
  round: number,
  lanes = 3,
): Promise<void> {
  let serial = 0;
  const one = async (): Promise<void> => {
    const choice = random();
    const live = [...ledger.files.values()].filter((f) => f.deletion === 'none');
    const name = `r${round}n${serial++}`;
    if (choice < 0.2) {
      const password = `harpsichord-${name}-velvet`;
      const response = await post(base, 'dj-rest-auth/registration/', {
        ...registration(name),
        password1: password,
        password2: password,
      });
      ledger.answered(response.status);
      if (response.status === 201) {
        const { user_id: id } = (await response.json()) as { user_id: number };
        ledger.users.push({ username: name, password, id });
        ledger.acknowledged++;
      }
    } else if (choice < 0.6 || live.length === 0) {
      const owner = owners[Math.floor(random() * owners.length)]!;
      const markers = 50 + Math.floor(random() * 400);
      const title = `Crash ${name}`;
      const isPublic = random() < 0.5;
      const { body, headers } = multipartBody(
        [{ name: `${name}.tla`, bytes: analysisTla({ title, markers }) }],
        { is_public: String(isPublic) },
      );
      const response = await fetch(`${base}/api/v1/upload/`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${owner.access}` },
        body: new Uint8Array(body),
      });
      ledger.answered(response.status);
      if (response.status === 201) {
        const { files } = (await response.json()) as { files: { id: number }[] };
        const id = files[0]!.id;
        ledger.files.set(id, {
          id,
          owner,
          title,
          markers,
          isPublic,
          publicInDoubt: false,
          deletion: 'none',
        });
        ledger.acknowledged++;
      }
    } else if (choice < 0.85) {
      const file = live[Math.floor(random() * live.length)]!;
      const next = !file.isPublic;
      file.publicInDoubt = true;
      const response = await fetch(`${base}/api/v1/files/${file.id}/`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${file.owner.access}`,
        },
        body: JSON.stringify({ is_public: next }),
      });
      ledger.answered(response.status);
      if (response.status === 200) {
        file.isPublic = next;
        file.publicInDoubt = false;
        ledger.acknowledged++;
      }
    } else {
      const file = live[Math.floor(random() * live.length)]!;
      file.deletion = 'in doubt';
      const response = await fetch(`${base}/api/v1/files/${file.id}/`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${file.owner.access}` },
      });
      ledger.answered(response.status);
      if (response.status === 204) {
        file.deletion = 'acknowledged';
        ledger.acknowledged++;
      }
    }
  };
  const lane = async () => {
    while (!stop.now) {
      // A request cut by the crash rejects: its write stays in doubt.
      await one().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** What the restarted server has lost of the acknowledged writes (empty: nothing). */
export async function lostWrites(base: string, ledger: WriteLedger): Promise<string[]> {
  const lost: string[] = [];
  for (const user of ledger.users) {
    const response = await fetch(`${base}/api/v1/users/${user.id}/username`);
    if (response.status !== 200) lost.push(`user ${user.username}: ${response.status}`);
  }
  const listed = new Map<number, Map<number, boolean>>();
  for (const file of ledger.files.values()) {
    const owner = file.owner;
    if (!listed.has(owner.id)) {
      const response = await fetch(`${base}/api/v1/users/files/`, {
        headers: { authorization: `Bearer ${owner.access}` },
      });
      const { files } = (await response.json()) as { files: { id: number; is_public: boolean }[] };
      listed.set(owner.id, new Map(files.map((f) => [f.id, f.is_public])));
    }
    const stored = listed.get(owner.id)!;
    if (file.deletion === 'acknowledged') {
      if (stored.has(file.id)) lost.push(`file ${file.id}: deleted, but still there`);
      continue;
    }
    if (file.deletion === 'in doubt') continue;
    if (!stored.has(file.id)) {
      lost.push(`file ${file.id}: missing`);
      continue;
    }
    if (!file.publicInDoubt && stored.get(file.id) !== file.isPublic) {
      lost.push(
        `file ${file.id}: is_public ${String(stored.get(file.id))}, acknowledged ${String(file.isPublic)}`,
      );
    }
    const json = await fetch(`${base}/api/v1/files/${file.id}/json`, {
      headers: { authorization: `Bearer ${owner.access}` },
    });
    if (json.status !== 200) {
      lost.push(`file ${file.id}: json ${json.status}`);
      continue;
    }
    const body = (await json.json()) as {
      abstract_work: { title: string };
      timelines: { components: unknown[] }[];
    };
    const markers = body.timelines.reduce((sum, t) => sum + t.components.length, 0);
    if (body.abstract_work.title !== file.title || markers !== file.markers) {
      lost.push(`file ${file.id}: '${body.abstract_work.title}' with ${markers} components`);
    }
  }
  return lost;
}
