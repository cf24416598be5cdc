/**
 * Gives a user a staff role (marketing sees campaign sales only, no order or customer; owner the GST returns and daily reports only): npm run staff -- add <email> <pharmacist|support|marketing|owner> [registration number] [--name "Full Name"]
 *
 * The role goes into the user's app_metadata through Supabase Auth's admin API, which only the
 * service role may call; works against the local stack and a hosted project alike
 * (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from the environment). A pharmacist needs their
 * registration number: it is recorded on every prescription line they decide.
 */
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { deskRoles } from '../src/domain/desk';

const USAGE = 'Usage: npm run staff -- add <email> <pharmacist|support|marketing|owner> [registration number] [--name "Full Name"]';

const argsSchema = z
  .tuple([z.literal('add'), z.email('the first value must be the staff member’s email'), z.enum(deskRoles, { error: 'role must be pharmacist, support, marketing or owner' })])
  .rest(z.string());

async function main(argv: string[]): Promise<void> {
  const nameAt = argv.indexOf('--name');
  const name = nameAt >= 0 ? argv[nameAt + 1] : undefined;
  const positional = nameAt >= 0 ? argv.filter((_, index) => index !== nameAt && index !== nameAt + 1) : argv;
  const parsed = argsSchema.safeParse(positional);
  if (!parsed.success) throw new Error(`${z.prettifyError(parsed.error)}\n${USAGE}`);
  const [, email, role, registrationNumber] = parsed.data;
  if (role === 'pharmacist' && !registrationNumber) throw new Error(`A pharmacist needs a registration number.\n${USAGE}`);

  const env = z.object({ SUPABASE_URL: z.url(), SUPABASE_SERVICE_ROLE_KEY: z.string().min(1) }).parse(process.env);
  const admin = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });

  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`listing users: ${error.message}`);
    const user = data.users.find((candidate) => candidate.email?.toLowerCase() === email.toLowerCase());
    if (user) {
      const appMetadata = {
        ...user.app_metadata,
        role,
        ...(registrationNumber ? { registration_number: registrationNumber } : {}),
        ...(name ? { staff_name: name } : {}),
      };
      const updated = await admin.auth.admin.updateUserById(user.id, { app_metadata: appMetadata });
      if (updated.error) throw new Error(`updating ${email}: ${updated.error.message}`);
      console.log(`${email} is now ${role}${registrationNumber ? ` (registration ${registrationNumber})` : ''}. They must sign in again for it to apply.`);
      return;
    }
    if (data.users.length < 200) throw new Error(`No account with email ${email}: the person must sign up first.`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
