import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import type { HostInfo } from '@/shared/platform';

/** /management-center/host-info (issue 11 part 5): the platform host and the credentials, secrets shown one at a time on request. */
export function HostInfoPage() {
  const { t } = useTranslation('platform');
  const info = useQuery(trpc.platform.hostInfo.queryOptions());
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('hostInfo.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('hostInfo.lead')}</p>
      </header>
      {info.isPending ? <PageLoading /> : info.error ? <ErrorAlert title={errorText(info.error)} /> : <HostDetails info={info.data} />}
    </div>
  );
}

/** The emulator behind a portal with no PUBLIC_URL is at a path of the portal: shown on this page's origin. */
function absoluteHost(host: string): string {
  return host.startsWith('/') ? `${window.location.origin}${host}` : host;
}

function HostDetails({ info }: { info: HostInfo }) {
  const { t } = useTranslation('platform');
  return (
    <>
      <section aria-labelledby="host-address" className="rounded-lg border border-border bg-card p-5 sm:p-6">
        <h2 id="host-address" className="text-lg font-semibold">
          {t('hostInfo.host')}
        </h2>
        <p className="mt-2 font-mono text-sm break-all">{info.host ? absoluteHost(info.host) : <span className="font-sans text-muted-foreground">{t('hostInfo.notSetUp')}</span>}</p>
      </section>
      <section aria-labelledby="host-credentials" className="rounded-lg border border-border bg-card p-5 sm:p-6">
        <h2 id="host-credentials" className="text-lg font-semibold">
          {t('hostInfo.credentials')}
        </h2>
        {info.credentials.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('hostInfo.none')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-border">
            {info.credentials.map((credential) => (
              <Credential key={credential.kind} credential={credential} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Credential({ credential }: { credential: HostInfo['credentials'][number] }) {
  const { t } = useTranslation('platform');
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = useMutation(trpc.platform.revealCredential.mutationOptions({ onSuccess: (data) => setSecret(data.secret) }));
  const label = t(`hostInfo.kinds.${credential.kind}`);
  return (
    <li className="py-3" data-testid="credential">
      <h3 className="font-medium">{label}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t('hostInfo.address')}</dt>
        <dd className="font-mono break-all">{credential.address}</dd>
        <dt className="text-muted-foreground">{t('hostInfo.username')}</dt>
        <dd className="font-mono break-all">{credential.username}</dd>
        {credential.hasSecret ? (
          <>
            <dt className="text-muted-foreground">{t('hostInfo.secret')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-mono break-all" aria-live="polite">
                {secret ?? <span aria-label={t('hostInfo.hidden')}>••••••••</span>}
              </span>
              {secret ? (
                <Button variant="outline" size="sm" onClick={() => setSecret(null)} aria-label={`${t('hostInfo.hide')}: ${label}`}>
                  <EyeOffIcon aria-hidden="true" />
                  {t('hostInfo.hide')}
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled={reveal.isPending} onClick={() => reveal.mutate({ kind: credential.kind })} aria-label={`${t('hostInfo.show')}: ${label}`}>
                  <EyeIcon aria-hidden="true" />
                  {t('hostInfo.show')}
                </Button>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {reveal.error ? <ErrorAlert className="mt-2" title={errorText(reveal.error)} /> : null}
    </li>
  );
}
