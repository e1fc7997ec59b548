import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@/shared/accounts';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { AdminCard, AdminPageHeader } from '@/client/features/admin/admin-page';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { ReferralChart, ReferralList } from './agent-referrals';

/** Agents (agent_management): mark an account as agent, see how many accounts each one brought, end a role. */
export function AgentsScreen() {
  const { t } = useTranslation('accounts');
  const agents = useQuery(trpc.accounts.admin.agents.list.queryOptions());
  const [done, setDone] = useState<string | undefined>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.accounts.admin.agents.pathKey() });
  return (
    <div className="space-y-6">
      <AdminPageHeader title={t('agents.title')} lead={t('agents.lead')} />
      {done ? <SuccessAlert title={done} /> : null}
      <AgentForm
        onDone={(agent) => {
          setDone(t('agents.set', { company: agent.companyName, agentId: agent.agentId }));
          refresh();
        }}
      />
      {agents.isPending ? (
        <PageLoading />
      ) : agents.isError ? (
        <ErrorAlert title={errorText(agents.error)} />
      ) : agents.data.length === 0 ? (
        <p className="rounded-lg border border-border bg-card py-10 text-center text-sm text-muted-foreground">{t('agents.empty')}</p>
      ) : (
        <>
          <ReferralChart agents={agents.data} />
          <AgentTable
            agents={agents.data}
            onCleared={(agent) => {
              setDone(t('agents.cleared', { company: agent.companyName }));
              refresh();
            }}
          />
        </>
      )}
    </div>
  );
}

function AgentForm({ onDone }: { onDone: (agent: Agent) => void }) {
  const { t } = useTranslation('accounts');
  const [account, setAccount] = useState('');
  const [agentId, setAgentId] = useState('');
  const set = useMutation(
    trpc.accounts.admin.agents.set.mutationOptions({
      onSuccess: (agent) => {
        setAccount('');
        setAgentId('');
        onDone(agent);
      },
    }),
  );
  const fieldErrors = appErrorOf(set.error)?.fieldErrors ?? {};
  const fieldError = (name: string) => (fieldErrors[name]?.[0] ? { message: fieldErrors[name][0] } : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({ account, agentId });
  };
  return (
    <AdminCard>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-semibold">{t('agents.formTitle')}</h2>
        {set.error && !appErrorOf(set.error)?.fieldErrors ? <ErrorAlert title={errorText(set.error)} /> : null}
        <div className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-start">
          <Field id="agent-account" label={t('agents.account')} description={t('agents.accountHint')} error={fieldError('account')}>
            <Input value={account} onChange={(event) => setAccount(event.target.value)} autoComplete="off" />
          </Field>
          <Field id="agent-id" label={t('agents.agentId')} error={fieldError('agentId')}>
            <Input value={agentId} onChange={(event) => setAgentId(event.target.value)} autoComplete="off" />
          </Field>
          <Button type="submit" disabled={set.isPending} className="md:mt-7">
            {t('agents.submit')}
          </Button>
        </div>
      </form>
    </AdminCard>
  );
}

function AgentTable({ agents, onCleared }: { agents: Agent[]; onCleared: (agent: Agent) => void }) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const clear = useMutation(trpc.accounts.admin.agents.clear.mutationOptions());
  return (
    <div className="space-y-2">
      {clear.error ? <ErrorAlert title={errorText(clear.error)} /> : null}
      <Table label={t('agents.title')} className="min-w-[640px]">
        <TableHeader>
          <TableRow>
            <TableHead>{t('agents.agentId')}</TableHead>
            <TableHead>{t('agents.company')}</TableHead>
            <TableHead align="right">{t('agents.referrals')}</TableHead>
            <TableHead>{t('agents.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <tbody>
          {agents.map((agent) => (
            <AgentRows
              key={agent.groupId}
              agent={agent}
              open={open === agent.agentId}
              onToggle={() => setOpen(open === agent.agentId ? undefined : agent.agentId)}
              confirming={confirming === agent.groupId}
              onAskClear={() => setConfirming(agent.groupId)}
              onKeep={() => setConfirming(undefined)}
              onClear={() => clear.mutate({ groupId: agent.groupId }, { onSuccess: () => onCleared(agent) })}
              pending={clear.isPending}
            />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

interface AgentRowsProps {
  agent: Agent;
  open: boolean;
  onToggle: () => void;
  confirming: boolean;
  onAskClear: () => void;
  onKeep: () => void;
  onClear: () => void;
  pending: boolean;
}

function AgentRows({ agent, open, onToggle, confirming, onAskClear, onKeep, onClear, pending }: AgentRowsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <TableRow>
        <TableCell className="font-mono text-xs">{agent.agentId}</TableCell>
        <TableCell>{agent.companyName}</TableCell>
        <TableCell className="text-right tabular-nums">{agent.referrals}</TableCell>
        <TableCell>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onToggle} aria-expanded={open}>
              {t('agents.showReferrals', { agentId: agent.agentId })}
            </Button>
            {confirming ? (
              <>
                <Button variant="destructive" size="sm" onClick={onClear} disabled={pending}>
                  {t('agents.confirmClear', { company: agent.companyName })}
                </Button>
                <Button variant="ghost" size="sm" onClick={onKeep}>
                  {t('agents.keep')}
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="sm" onClick={onAskClear}>
                {t('agents.clear')}
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell colSpan={4} className="bg-muted/40 py-3">
            <ReferralList agentId={agent.agentId} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
