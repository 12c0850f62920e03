import type { Queryable } from '../db/database.ts';
import type { UserType } from '../../shared/api-family.ts';

export interface UserRow {
  id: number;
  email: string;
  user_type: UserType;
  password_hash: string | null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    "SELECT id, email, user_type, password_hash FROM users WHERE email = $1 AND auth_provider = 'local'",
    [email.toLowerCase()],
  );
  return rows[0];
}

export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}
