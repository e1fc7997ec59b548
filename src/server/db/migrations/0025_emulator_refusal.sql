-- The platform emulator's points writes run in one statement each (platform-emulator/store.ts): a
-- write that would take more points than an account has left raises this, and nothing of the
-- statement applies (its entries, its totals, its idempotency key's claim).
CREATE FUNCTION "platform_emulator"."refuse"(message text) RETURNS boolean
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = message;
END
$$;
