import type { Command } from 'commander';
import { runMigrations } from '../../server/db/client';
import { seedDemoData } from '../../server/seed';
import { withServices } from '../context';

export function registerDatabaseCommands(program: Command): void {
  program
    .command('migrate')
    .description('apply database migrations')
    .action(() =>
      withServices(async (deps) => {
        await runMigrations(deps.db);
        console.log('Database is up to date.');
      }),
    );
  program
    .command('seed')
    .description('add the demo data (staff sign-ins and sample contact messages) to a database that has no staff yet')
    .action(() =>
      withServices(async (deps) => {
        await runMigrations(deps.db);
        console.log((await seedDemoData(deps)) ? 'Demo data added.' : 'Staff exist already: demo data not added.');
      }),
    );
}
