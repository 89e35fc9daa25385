import type { Db } from '../../../server/db/database';
import { users } from '../../../server/db/schema';

/** An active account written straight into the table, with no password; returns its id. */
export async function addUser(db: Db, username: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.org`,
      firstName: '',
      lastName: '',
      isActive: true,
    })
    .returning({ id: users.id });
  return row!.id;
}
