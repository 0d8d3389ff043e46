import message from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { configureHttp } from './api/http.ts';

const ToastContext = createContext<MessageInstance | null>(null);

/**
 * antd's context-aware toasts (they follow the theme and locale, unlike the static `message`),
 * shared by pages and by the request layer. Deliberately not antd's `App`, which would also put
 * modal and notification in the first chunk: pages that need those use their hooks.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    configureHttp({ toastError: (text, seconds) => api.error({ content: text, duration: seconds }) });
  }, [api]);
  return (
    <ToastContext value={api}>
      {holder}
      {children}
    </ToastContext>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider>');
  return api;
}
