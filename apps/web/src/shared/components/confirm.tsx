import { ExclamationCircleFilled } from '@ant-design/icons';
import Modal from 'antd/es/modal';
import type { ReactElement } from 'react';
import { useMemo } from 'react';
import { useComponentsTranslation } from './i18n.ts';

/** The confirmations of the spec, by what they confirm; the text is the spec's (admin.md §4, §8, shell.md). */
export type ConfirmKind = 'delete' | 'enable' | 'disable' | 'offline';

const texts: Record<ConfirmKind, string> = {
  delete: 'confirmDelete',
  enable: 'confirmEnable',
  disable: 'confirmDisable',
  offline: 'confirmOffline',
};

export interface Confirm {
  /** Asks, then runs `action`; the dialog closes when it settles (a failure has already been toasted). */
  (kind: ConfirmKind, action: () => Promise<unknown>): void;
  /** Any other question, with its own text. */
  text: (content: string, action: () => Promise<unknown>) => void;
}

/** `const [confirm, holder] = useConfirm()`; render `holder` once in the page. */
export function useConfirm(): [Confirm, ReactElement] {
  const { t } = useComponentsTranslation();
  const [modal, holder] = Modal.useModal();
  const confirm = useMemo(() => {
    const ask = (content: string, action: () => Promise<unknown>) => {
      modal.confirm({
        title: t('tip'),
        icon: <ExclamationCircleFilled />,
        content,
        okText: t('ok'),
        cancelText: t('cancel'),
        autoFocusButton: 'ok',
        onOk: () => action().catch(() => undefined),
      });
    };
    const fn = ((kind: ConfirmKind, action: () => Promise<unknown>) => ask(t(texts[kind]), action)) as Confirm;
    fn.text = ask;
    return fn;
  }, [modal, t]);
  return [confirm, holder];
}
