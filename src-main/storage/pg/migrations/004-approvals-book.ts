import { DEFINER, DESK_DEFINER } from './definer';

/**
 * Part of migration 004: the team's address book. Anyone who prepares or approves may propose a
 * destination; it counts as a book address (for a policy's `destination: book`) only once an approver
 * other than the proposer approved it. Each step is in the chain; an entry is removed, never deleted.
 */
export const BOOK_SQL = `
CREATE TABLE md.address_book (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  coin text NOT NULL,
  network text NOT NULL,
  address text NOT NULL,
  label text NOT NULL CHECK (length(trim(label)) BETWEEN 1 AND 100),
  added_by text NOT NULL,
  added_at text NOT NULL,
  added_desk uuid NOT NULL REFERENCES md.desks (id),
  approved_by text,
  approved_at text,
  removed_by text,
  removed_at text,
  remove_reason text,
  CHECK (approved_by IS NULL OR approved_by <> added_by)
);
-- One live entry per destination (case and spaces do not make a new one).
CREATE UNIQUE INDEX address_book_destination ON md.address_book (lower(coin), lower(network), lower(trim(address)))
  WHERE removed_at IS NULL;

CREATE FUNCTION md.book_changed(p_id bigint, p_type text) RETURNS void
${DEFINER}
BEGIN
  PERFORM md.append_event(NULL, p_type,
    jsonb_build_object('addressBook', (SELECT to_jsonb(b) FROM md.address_book b WHERE id = p_id))::text);
  PERFORM pg_notify('md_changes', nextval('md.change_seq') || ':address-book');
END
$fn$;

CREATE FUNCTION md.propose_address(p_coin text, p_network text, p_address text, p_label text) RETURNS bigint
${DESK_DEFINER}
  v_id bigint;
BEGIN
  IF coalesce(trim(p_coin), '') = '' OR coalesce(trim(p_network), '') = '' OR coalesce(trim(p_address), '') = ''
     OR length(trim(coalesce(p_label, ''))) NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'An address-book entry needs a coin, a network, the address and a name (1 to 100 characters).'
      USING ERRCODE = 'M0008';
  END IF;
  IF EXISTS (SELECT 1 FROM md.address_book WHERE removed_at IS NULL AND lower(coin) = lower(trim(p_coin))
      AND lower(network) = lower(trim(p_network)) AND lower(trim(address)) = lower(trim(p_address))) THEN
    RAISE EXCEPTION 'This address is already in the team''s book for % on %.', p_coin, p_network USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.address_book (coin, network, address, label, added_by, added_at, added_desk)
    VALUES (trim(p_coin), trim(p_network), trim(p_address), trim(p_label), session_user, md.now_text(), v_desk)
    RETURNING id INTO v_id;
  PERFORM md.book_changed(v_id, 'approvals.address-propose');
  RETURN v_id;
END
$fn$;

CREATE FUNCTION md.approve_address(p_id bigint) RETURNS void
${DESK_DEFINER}
  b md.address_book%ROWTYPE;
BEGIN
  SELECT * INTO b FROM md.address_book WHERE id = p_id FOR UPDATE;
  IF b.id IS NULL OR b.removed_at IS NOT NULL THEN
    RAISE EXCEPTION 'Address-book entry #% does not exist or was removed.', p_id USING ERRCODE = 'M0009';
  END IF;
  IF b.approved_by IS NOT NULL THEN
    RAISE EXCEPTION 'Address-book entry #% was already approved by %.', p_id, b.approved_by USING ERRCODE = 'M0007';
  END IF;
  IF b.added_by = session_user THEN
    RAISE EXCEPTION 'You added this address; another approver must approve it.' USING ERRCODE = 'M0003';
  END IF;
  UPDATE md.address_book SET approved_by = session_user, approved_at = md.now_text() WHERE id = p_id;
  PERFORM md.book_changed(p_id, 'approvals.address-approve');
END
$fn$;

CREATE FUNCTION md.remove_address(p_id bigint, p_reason text) RETURNS void
${DESK_DEFINER}
BEGIN
  IF length(trim(coalesce(p_reason, ''))) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION 'Say why the address is removed (1 to 500 characters).' USING ERRCODE = 'M0008';
  END IF;
  UPDATE md.address_book SET removed_by = session_user, removed_at = md.now_text(), remove_reason = trim(p_reason)
   WHERE id = p_id AND removed_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Address-book entry #% does not exist or was removed.', p_id USING ERRCODE = 'M0009';
  END IF;
  PERFORM md.book_changed(p_id, 'approvals.address-remove');
END
$fn$;
`;
