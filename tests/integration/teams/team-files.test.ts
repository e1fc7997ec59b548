import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { servicesWithApi } from '../../fixtures/http';
import { addTeamFile } from '../../../src/server/modules/teams/team-files.service';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { callerFor } from '../../fixtures/services';

const setup = servicesWithApi();

async function sessionCookie(member: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${setup.api.base}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ email: member.email, password: member.password })),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const as = (user: { id: string }) => callerFor(setup.services.deps, { kind: 'member', userId: user.id });

describe("the team's files", () => {
  it('are listed to active members only, newest first', async () => {
    const { team, admin, members } = await makeTeam(setup.services.deps.db, [teamAuth.member, teamAuth.kicked, teamAuth.left]);
    const [member, kicked, left] = members;
    const outsider = await makeMember(setup.services.deps.db);
    await addTeamFile(setup.services.deps.db, setup.services.deps.storage, { teamId: team.id, name: '標註規範.md', bytes: Buffer.from('# 標註規範'), uploadedBy: admin.id, at: new Date('2026-11-01T02:00:00Z') });
    await addTeamFile(setup.services.deps.db, setup.services.deps.storage, { teamId: team.id, name: 'validation.csv', bytes: Buffer.from('a,b\n1,2\n'), uploadedBy: admin.id, at: new Date('2026-11-10T02:00:00Z') });
    const listed = await as(member!).teams.files({ teamId: team.id });
    expect(listed.files.map((file) => [file.name, file.sizeBytes, file.uploadedBy])).toEqual([
      ['validation.csv', 8, admin.name],
      ['標註規範.md', Buffer.byteLength('# 標註規範'), admin.name],
    ]);
    for (const stranger of [kicked!, left!, outsider]) {
      expect(await failure(as(stranger).teams.files({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notTeamMember' } });
    }
    expect(await failure(as(member!).teams.files({ teamId: 'not-a-team' }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(callerFor(setup.services.deps).teams.files({ teamId: team.id }))).toMatchObject({ code: 'MissingAuthentication' });
  });

  it('download over HTTP under their own names for active members only', async () => {
    const { team, admin, members } = await makeTeam(setup.services.deps.db, [teamAuth.member, teamAuth.kicked]);
    const [member, kicked] = members;
    await addTeamFile(setup.services.deps.db, setup.services.deps.storage, { teamId: team.id, name: '標註規範.md', bytes: Buffer.from('# 標註規範\n刮傷 0.5 mm 以上'), uploadedBy: admin.id, at: new Date() });
    const [file] = (await as(member!).teams.files({ teamId: team.id })).files;
    const address = `${setup.api.base}/member-files/teams/${team.id}/${file!.id}`;

    const got = await fetch(address, { headers: { cookie: await sessionCookie(member!) } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%A8%99%E8%A8%BB%E8%A6%8F%E7%AF%84.md");
    expect(await got.text()).toBe('# 標註規範\n刮傷 0.5 mm 以上');

    const refused = await fetch(address, { headers: { cookie: await sessionCookie(kicked!) } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'Unauthorized' });
    expect((await fetch(address)).status).toBe(401);
    const unknown = await fetch(`${setup.api.base}/member-files/teams/${team.id}/00000000-0000-4000-8000-000000000000`, { headers: { cookie: await sessionCookie(member!) } });
    expect(unknown.status).toBe(404);
    const other = await makeTeam(setup.services.deps.db);
    const crossTeam = await fetch(`${setup.api.base}/member-files/teams/${other.team.id}/${file!.id}`, { headers: { cookie: await sessionCookie(other.admin) } });
    expect(crossTeam.status).toBe(404);
    const garbage = await fetch(`${setup.api.base}/member-files/teams/x/..%2F..%2Fetc`, { headers: { cookie: await sessionCookie(member!) } });
    expect(garbage.status).toBe(404);
  });
});
