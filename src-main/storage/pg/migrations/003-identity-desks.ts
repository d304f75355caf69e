import { DEFINER } from './definer';

/**
 * Part of migration 003: enrolling and revoking desks. An admin makes a one-time code for a named desk
 * (only its hash is kept, and it expires); the desk spends it once, with the public half of its own key
 * pair, and gets its id and a token (only the token's hash is kept). Who did each is `session_user`.
 * These are not on the hash chain: an admin must be able to revoke a desk from psql, with no desk.
 */
export const DESKS_SQL = `
CREATE TABLE md.enrollment_codes (
  code_hash bytea PRIMARY KEY,
  desk_name text NOT NULL CHECK (length(trim(desk_name)) BETWEEN 1 AND 100),
  created_by text NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text,
  desk_id uuid REFERENCES md.desks (id)
);

-- A v4 UUID's 122 random bits as 32 hex digits, in groups of four so a person can read it out or
-- type it.
CREATE FUNCTION md.create_enrollment_code(p_desk_name text, p_valid interval DEFAULT interval '24 hours')
RETURNS text ${DEFINER}
DECLARE
  v_name text := trim(coalesce(p_desk_name, ''));
  v_raw text := replace(gen_random_uuid()::text, '-', '');
BEGIN
  IF length(v_name) NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'Name the desk (1 to 100 characters).' USING ERRCODE = 'M0008';
  END IF;
  IF p_valid IS NULL OR p_valid < interval '1 minute' OR p_valid > interval '7 days' THEN
    RAISE EXCEPTION 'An enrollment code is valid for 1 minute to 7 days.' USING ERRCODE = 'M0008';
  END IF;
  IF EXISTS (SELECT 1 FROM md.desks WHERE lower(name) = lower(v_name)) THEN
    RAISE EXCEPTION 'A desk named "%" is already enrolled (or was, and was revoked); choose another name.', v_name
      USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.enrollment_codes (code_hash, desk_name, expires_at)
    VALUES (sha256(convert_to(v_raw, 'UTF8')), v_name, now() + p_valid);
  RETURN regexp_replace(v_raw, '(....)(?!$)', '\\1-', 'g');
END
$fn$;

CREATE FUNCTION md.enroll_desk(p_code text, p_name text, p_public_key text)
RETURNS TABLE (desk_id uuid, token text)
${DEFINER}
DECLARE
  v_code md.enrollment_codes%ROWTYPE;
  v_id uuid := gen_random_uuid();
  v_token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
BEGIN
  SELECT * INTO v_code FROM md.enrollment_codes
   WHERE code_hash = sha256(convert_to(lower(regexp_replace(coalesce(p_code, ''), '[^0-9A-Fa-f]', '', 'g')), 'UTF8'))
   FOR UPDATE;
  IF v_code.code_hash IS NULL THEN
    RAISE EXCEPTION 'This enrollment code is not known. Check it was typed whole, or ask an admin for a new one.'
      USING ERRCODE = 'M0009';
  END IF;
  IF v_code.used_at IS NOT NULL THEN
    RAISE EXCEPTION 'This enrollment code was already used (on %). Each code enrolls one desk once; ask an admin for a new one.',
      to_char(v_code.used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') USING ERRCODE = 'M0008';
  END IF;
  IF v_code.expires_at <= now() THEN
    RAISE EXCEPTION 'This enrollment code expired on %; ask an admin for a new one.',
      to_char(v_code.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') USING ERRCODE = 'M0008';
  END IF;
  IF p_name IS NOT NULL AND lower(trim(p_name)) <> lower(v_code.desk_name) THEN
    RAISE EXCEPTION 'This code is for the desk named "%", not "%".', v_code.desk_name, trim(p_name)
      USING ERRCODE = 'M0008';
  END IF;
  IF p_public_key IS NULL OR length(p_public_key) > 1000
     OR p_public_key !~ '^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\\s]+-----END PUBLIC KEY-----\\s*$' THEN
    RAISE EXCEPTION 'The desk''s public key is missing or not a PEM public key.' USING ERRCODE = 'M0008';
  END IF;
  -- Two codes may have been made for one name before either was used: the second finds it taken.
  IF EXISTS (SELECT 1 FROM md.desks WHERE lower(name) = lower(v_code.desk_name)) THEN
    RAISE EXCEPTION 'A desk named "%" is already enrolled; ask an admin for a code with another name.', v_code.desk_name
      USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.desks (id, name, public_key, token_hash, enrolled_by)
    VALUES (v_id, v_code.desk_name, p_public_key, sha256(convert_to(v_token, 'UTF8')), session_user);
  UPDATE md.enrollment_codes SET used_at = now(), used_by = session_user, desk_id = v_id
   WHERE code_hash = v_code.code_hash;
  RETURN QUERY SELECT v_id, v_token;
END
$fn$;

-- The desk's next call is refused: md.current_desk() and md.attach_desk() check revoked_at every time.
CREATE FUNCTION md.revoke_desk(p_desk uuid, p_reason text) RETURNS void
${DEFINER}
DECLARE
  v_desk md.desks%ROWTYPE;
BEGIN
  IF length(trim(coalesce(p_reason, ''))) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION 'Say why the desk is revoked (1 to 500 characters).' USING ERRCODE = 'M0008';
  END IF;
  SELECT * INTO v_desk FROM md.desks WHERE id = p_desk FOR UPDATE;
  IF v_desk.id IS NULL THEN
    RAISE EXCEPTION 'There is no desk with that id.' USING ERRCODE = 'M0009';
  END IF;
  IF v_desk.revoked_at IS NOT NULL THEN
    RAISE EXCEPTION 'Desk "%" was already revoked by % on %.', v_desk.name, v_desk.revoked_by,
      to_char(v_desk.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') USING ERRCODE = 'M0008';
  END IF;
  UPDATE md.desks SET revoked_at = now(), revoked_by = session_user, revoke_reason = trim(p_reason)
   WHERE id = p_desk;
END
$fn$;
`;
