import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, SendIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { replyLimits, visitorName, type ContactMessage } from '@/shared/messages';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Textarea } from '@/client/components/ui/textarea';
import { AdminCard, AdminPageHeader } from '@/client/features/admin/admin-page';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { receivedAt } from './message-format';

/** One contact message with everything the visitor wrote, and the reply form while it is open. */
export function AdminMessagePage() {
  const { t } = useTranslation('messages');
  const messageId = Number(useParams().messageId);
  const message = useQuery({ ...trpc.messages.get.queryOptions({ messageId }), enabled: Number.isInteger(messageId) && messageId > 0 });
  return (
    <div className="space-y-6">
      <Link to="/admin/messages" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        {t('admin.back')}
      </Link>
      {!Number.isInteger(messageId) || messageId <= 0 ? (
        <ErrorAlert title={t('admin.notFound')} />
      ) : message.isPending ? (
        <PageLoading />
      ) : message.isError ? (
        <ErrorAlert title={errorText(message.error)} />
      ) : (
        <MessageDetail message={message.data} />
      )}
    </div>
  );
}

function MessageDetail({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('messages');
  const [sent, setSent] = useState(false);
  const extras = (['companyIndustry', 'adoptionTime', 'attendees', 'classMode', 'courseContent'] as const).filter((field) => message[field]);
  return (
    <>
      <AdminPageHeader title={t('admin.messageTitle', { id: message.id, name: visitorName(message) })} lead={receivedAt(message.createdAt)} />
      <AdminCard>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">{t('fields.email')}</dt>
          <dd className="break-all">
            <a href={`mailto:${message.email}`} className="text-primary hover:underline">
              {message.email}
            </a>
          </dd>
          <dt className="font-medium text-muted-foreground">{t('fields.phone')}</dt>
          <dd>{message.phone}</dd>
          <dt className="font-medium text-muted-foreground">{t('fields.type')}</dt>
          <dd>{t(`admin.types.${message.type as 0 | 1 | 2 | 3}`)}</dd>
          <dt className="font-medium text-muted-foreground">{t('admin.language')}</dt>
          <dd>{t(`admin.languages.${message.language}`)}</dd>
          {extras.map((field) => (
            <div key={field} className="contents">
              <dt className="font-medium text-muted-foreground">{t(`fields.${field}`)}</dt>
              <dd>{message[field]}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-6 mb-2 text-sm font-medium text-muted-foreground">{t('fields.description')}</h2>
        <p className="text-sm whitespace-pre-wrap">{message.description}</p>
      </AdminCard>
      {sent ? <SuccessAlert title={t('admin.sent')} /> : null}
      {message.status === 1 ? <ReplySent message={message} /> : <ReplyForm message={message} onSent={() => setSent(true)} />}
    </>
  );
}

function ReplySent({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('messages');
  return (
    <AdminCard>
      <h2 className="mb-2 text-lg font-semibold">{t('admin.replied', { at: message.repliedAt ? receivedAt(message.repliedAt) : '' })}</h2>
      {message.replyBody ? <p className="text-sm whitespace-pre-wrap">{message.replyBody}</p> : <p className="text-sm text-muted-foreground">{t('admin.repliedWithoutMail')}</p>}
    </AdminCard>
  );
}

function ReplyForm({ message, onSent }: { message: ContactMessage; onSent: () => void }) {
  const { t } = useTranslation('messages');
  const [body, setBody] = useState('');
  const reply = useMutation(
    trpc.messages.reply.mutationOptions({
      onSuccess: (updated) => {
        onSent();
        queryClient.setQueryData(trpc.messages.get.queryKey({ messageId: updated.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.messages.list.pathKey() });
      },
    }),
  );
  const fieldErrors = appErrorOf(reply.error)?.fieldErrors;
  function submit(event: FormEvent) {
    event.preventDefault();
    reply.mutate({ messageId: message.id, body });
  }
  return (
    <AdminCard>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-semibold">{t('admin.replyTitle', { email: message.email })}</h2>
        {reply.error && !fieldErrors ? <ErrorAlert title={errorText(reply.error)} /> : null}
        <Field id="reply-body" label={t('admin.replyLabel')} description={t('admin.replyHint', { max: replyLimits.body })} error={fieldErrors?.body?.[0] && { message: fieldErrors.body[0] }}>
          <Textarea rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
        </Field>
        <Button type="submit" disabled={reply.isPending}>
          <SendIcon aria-hidden="true" />
          {reply.isPending ? t('sending') : t('admin.send')}
        </Button>
      </form>
    </AdminCard>
  );
}
