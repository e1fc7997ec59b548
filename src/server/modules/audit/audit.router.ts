import { auditPageOutput, auditSearchInput } from '../../../shared/audit';
import { router } from '../../trpc/init';
import { checked, superStaffProcedure } from '../../trpc/procedures';
import { searchAudit } from './audit.service';

/** The audit log: super staff search it (issue 12 part 3); every other module writes it through recordStaffAction. */
export const auditRouter = router({
  admin: router({
    search: superStaffProcedure.input(auditSearchInput).output(checked(auditPageOutput)).query(({ ctx, input }) => searchAudit(ctx.deps.db, input)),
  }),
});
