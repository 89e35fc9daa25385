import type { Database } from './database';

/**
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum runs. Without it the tables
 * that uploads write never get a visibility map, so index-only scans read the table anyway
 * (counting the beats in a time range at a million components: 90 ms instead of 11), and the
 * small tables never get planner statistics (files/query then picks worse plans: 27 ms instead
 * of 7). After a write, this does what autovacuum would do, at autovacuum's default thresholds.
 * On a PostgreSQL server autovacuum does it, and this does nothing.
 */

// What an upload, a deletion or a change of the public flag writes.
const MAINTAINED_TABLES = [
  'components',
  'timelines',
  'search_values',
  'files',
  'concrete_works',
  'abstract_works',
  'media_references',
];

// ANALYZE reads a sample of up to 30,000 rows spread over the whole table: 0.8-0.9 s for the
// components at a million rows, once every 100,000 changes (half a second per upload of the
// reference file). Their searches do not need it: each page is found by a plan the search
// chooses itself (search.service.ts), and VACUUM keeps the row count the planner uses.
const NOT_ANALYZED: ReadonlySet<string> = new Set(['components']);

interface DueTable {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

// autovacuum_vacuum_insert_threshold/scale_factor (1000, 0.2), autovacuum_vacuum_threshold/
// scale_factor (50, 0.2) and autovacuum_analyze_threshold/scale_factor (50, 0.1). PGlite starts
// with its activity counters at zero (it does not keep them across restarts), so the size of a
// table is also taken from pg_class, which the last VACUUM or ANALYZE wrote: otherwise the first
// upload after a restart would vacuum a million components (0.5-0.7 s) for a thousand rows.
const DUE_TABLES = `
  SELECT name,
    inserted > 1000 + 0.2 * size OR dead > 50 + 0.2 * size AS vacuum,
    changed > 50 + 0.1 * size AS analyze
  FROM (
    SELECT s.relname AS name, s.n_ins_since_vacuum AS inserted, s.n_dead_tup AS dead,
      s.n_mod_since_analyze AS changed, greatest(s.n_live_tup, c.reltuples) AS size
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
      AND s.relname IN (${MAINTAINED_TABLES.map((name) => `'${name}'`).join(', ')})
  ) tables
  ORDER BY name`;

/** Vacuums and analyzes what autovacuum would by now; PGlite only. Returns what it did. */
export async function maintainAfterWrite(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  return database.withConnection(async (run) => {
    const done: string[] = [];
    // The backend reports its activity counters at most once a second, so a write of the last
    // second is not in pg_stat_user_tables yet (a maintenance right after deletions saw no dead
    // rows). Forced, the report comes as this statement ends, before the next one reads them.
    await run('SELECT pg_stat_force_next_flush()');
    const due = (await run(DUE_TABLES)) as unknown as DueTable[];
    for (const table of due) {
      const analyze = table.analyze && !NOT_ANALYZED.has(table.name);
      // A VACUUM reads only the pages written since the last (the visibility map says which).
      if (table.vacuum) {
        await run(`VACUUM ${analyze ? '(ANALYZE) ' : ''}${table.name}`);
        done.push(`VACUUM ${analyze ? '(ANALYZE) ' : ''}${table.name}`);
      } else if (analyze) {
        await run(`ANALYZE ${table.name}`);
        done.push(`ANALYZE ${table.name}`);
      }
    }
    return done;
  });
}

interface MaintenanceLog {
  error(details: object, message: string): void;
}

/**
 * Runs `maintainAfterWrite` in the background, as autovacuum would: a request that wrote asks
 * for it once its response is out, so the writer does not wait for a VACUUM (~0.3 s with a
 * million components, about every third upload of the reference file). One run at a time; asked
 * again while running, it runs once more afterwards. Failures are logged, never thrown: the write
 * has committed. `settle` is for shutdown, before the database closes.
 */
export class BackgroundMaintenance {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly database: Database,
    private readonly log: MaintenanceLog,
  ) {}

  request(): void {
    if (this.database.kind !== 'pglite') return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run();
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        await maintainAfterWrite(this.database);
      } catch (error) {
        this.log.error({ err: error }, 'could not vacuum after a write');
      }
    } while (this.again);
    this.running = null;
  }

  /** A route's onResponse hook: asks for a run once a reply with `status` has gone out. */
  afterReply(status: number) {
    return async (_request: unknown, reply: { statusCode: number }): Promise<void> => {
      if (reply.statusCode === status) this.request();
    };
  }

  /** Resolves once no run is going or asked for. */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }
}
