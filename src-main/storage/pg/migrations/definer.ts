/**
 * How a plpgsql function that changes the ledger is declared. It runs as md's owner (SECURITY
 * DEFINER: a desk's login writes md's tables through such functions alone), so its search_path is
 * pinned to md and pg_temp, where no caller can put a function or a table of its own in front of md's.
 */
export const DEFINER = 'LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$';

/**
 * The same for a function a desk calls, opening its DECLARE with the desk that calls (v_desk):
 * md.current_desk refuses a connection that did not attach, or whose desk was revoked, before
 * anything else runs. Its other variables, if any, and BEGIN follow.
 */
export const DESK_DEFINER = `${DEFINER}
DECLARE
  v_desk uuid := md.current_desk();`;
