import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SafeHtml } from '../../../shared/components/rich-text/SafeHtml.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { messageApi } from '../api.ts';
import '../message.css';

/**
 * /emailDetail?id= (shell.md 2.2 "view a mail"): one e-mail the system sent, from the send log,
 * as its recipient or a reader of the log sees it: subject, sender, time, recipient and body.
 * The spec defines no mailbox; this is the mail our send configurations and flows send.
 */
export default function EmailDetailPage() {
  const { t } = useTranslation('message');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const mail = useQuery({ queryKey: ['email', id], queryFn: () => messageApi.email(id), enabled: !!id, retry: false });

  if (!id) return <Empty className="email-detail-empty" description={t('email.missing')} />;
  if (mail.isPending) return <Spin className="email-detail-empty" />;
  if (!mail.data) return <Empty className="email-detail-empty" description={t('empty')} />;
  const email = mail.data;
  const recipient = email.toUserName ? `${email.toUserName} <${email.recipient}>` : email.recipient;
  return (
    <article className="email-detail">
      <Typography.Title level={4}>{email.subject}</Typography.Title>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'sender',
            label: t('email.sender'),
            children: email.senderName ? `${email.senderName} <${email.sender}>` : email.sender,
          },
          { key: 'time', label: t('email.time'), children: formatDateTime(email.creatorTime) },
          { key: 'recipient', label: t('email.recipient'), children: recipient },
          {
            key: 'status',
            label: t('email.status'),
            children: t(`email.statuses.${email.status}`, { defaultValue: email.status }),
          },
        ]}
      />
      {email.error ? <Alert type="error" showIcon title={email.error} /> : null}
      <SafeHtml className="email-detail-body" html={email.bodyText} />
    </article>
  );
}
