import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { configureHttp } from './api/http.ts';

const ToastContext = createContext<MessageInstance | null>(null);

const loadHolder = () => import('./toast-holder.tsx');
const ToastHolder = lazy(loadHolder);

/** Fetches antd's message code ahead of the first toast (the signed-in layout calls it). */
export function preloadToasts(): void {
  void loadHolder().catch(() => undefined);
}

type Call = (api: MessageInstance) => MessageType;

/**
 * A closer for a toast that may not be shown yet: calling it closes the toast (or cancels it),
 * awaiting it waits for the toast to close, as antd's own `MessageType`.
 */
function pendingToast(shown: Promise<MessageType | undefined>): MessageType {
  let cancelled = false;
  let real: MessageType | undefined;
  const ready = shown.then((toast) => {
    real = toast;
    if (cancelled) toast?.();
    return toast;
  });
  const close = () => {
    cancelled = true;
    real?.();
  };
  return Object.assign(close, {
    // biome-ignore lint/suspicious/noThenProperty: the MessageType contract is a thenable.
    then: <A = boolean, B = never>(
      fill?: ((value: boolean) => A | PromiseLike<A>) | null,
      reject?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) => ready.then((toast): boolean | PromiseLike<boolean> => toast ?? true).then(fill, reject),
  }) as MessageType;
}

/**
 * antd's context-aware toasts (they follow the theme and locale, unlike the static `message`),
 * shared by pages and by the request layer. Deliberately not antd's `App`, which would also put
 * modal and notification in the first chunk: pages that need those use their hooks.
 *
 * antd's message code (about 7 KB gzip) loads with the first toast, not with the login page; the
 * toasts asked for meanwhile are shown once it is there.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const real = useRef<MessageInstance | null>(null);
  const waiting = useRef<((api: MessageInstance) => void)[]>([]);

  const onReady = useCallback((api: MessageInstance) => {
    real.current = api;
    for (const run of waiting.current.splice(0)) run(api);
  }, []);

  const api = useMemo<MessageInstance>(() => {
    const withApi = (call: Call): MessageType => {
      if (real.current) return call(real.current);
      setWanted(true);
      return pendingToast(
        new Promise<MessageType>((resolve) => {
          waiting.current.push((ready) => resolve(call(ready)));
        }),
      );
    };
    const typed =
      (type: 'info' | 'success' | 'error' | 'warning' | 'loading') =>
      (...args: Parameters<MessageInstance['info']>) =>
        withApi((ready) => ready[type](...args));
    return {
      info: typed('info'),
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      loading: typed('loading'),
      open: (args) => withApi((ready) => ready.open(args)),
      destroy: (key) => {
        if (real.current) real.current.destroy(key);
        else waiting.current.length = 0;
      },
    };
  }, []);

  // Set during render, not in an effect: a request that fails while the page mounts must toast.
  configureHttp({ toastError: (text, seconds) => api.error({ content: text, duration: seconds }) });

  return (
    <ToastContext value={api}>
      {wanted && (
        <Suspense fallback={null}>
          <ToastHolder onReady={onReady} />
        </Suspense>
      )}
      {children}
    </ToastContext>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider>');
  return api;
}
