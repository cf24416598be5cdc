-- Local customers for development and tests (never a hosted project's production data).
-- demo@pharmacy.test / Demo@12345 and second@pharmacy.test / Second@12345.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', customer.id::uuid, 'authenticated', 'authenticated',
  customer.email, extensions.crypt(customer.password, extensions.gen_salt('bf')), now(),
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
from (values
  ('11111111-1111-4111-8111-111111111111', 'demo@pharmacy.test', 'Demo@12345'),
  ('22222222-2222-4222-8222-222222222222', 'second@pharmacy.test', 'Second@12345')
) as customer (id, email, password);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', now(), now(), now()
from auth.users
where id in ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222');

-- Local pharmacy staff (roles in app_metadata, as scripts/staff.ts sets them on a hosted project):
-- pharmacist@pharmacy.test / Pharma@12345 (Registered Pharmacist Asha Rao, KA-PH-004512) and
-- support@pharmacy.test / Support@12345, marketing@pharmacy.test / Market@12345 (campaign sales only), and owner@pharmacy.test / Owner@12345
-- (the owner or accountant: GST returns and daily reports only).
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', staff.id::uuid, 'authenticated', 'authenticated',
  staff.email, extensions.crypt(staff.password, extensions.gen_salt('bf')), now(),
  '', '', '', '',
  staff.app_metadata::jsonb, staff.user_metadata::jsonb, now(), now()
from (values
  ('33333333-3333-4333-8333-333333333333', 'pharmacist@pharmacy.test', 'Pharma@12345',
   '{"provider": "email", "providers": ["email"], "role": "pharmacist", "staff_name": "Asha Rao", "registration_number": "KA-PH-004512"}',
   '{}'),
  ('44444444-4444-4444-8444-444444444444', 'support@pharmacy.test', 'Support@12345',
   '{"provider": "email", "providers": ["email"], "role": "support", "staff_name": "Ravi Kumar"}',
   '{}'),
  ('55555555-5555-4555-8555-555555555555', 'marketing@pharmacy.test', 'Market@12345',
   '{"provider": "email", "providers": ["email"], "role": "marketing", "staff_name": "Meera Iyer"}',
   '{}'),
  ('66666666-6666-4666-8666-666666666666', 'owner@pharmacy.test', 'Owner@12345',
   '{"provider": "email", "providers": ["email"], "role": "owner", "staff_name": "Vikram Shah"}',
   '{}')
) as staff (id, email, password, app_metadata, user_metadata);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', now(), now(), now()
from auth.users
where id in ('33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555',
             '66666666-6666-4666-8666-666666666666');
