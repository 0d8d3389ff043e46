import type { FormInstance } from 'antd/es/form';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionApi } from '../../shared/session/api.ts';
import { noMenuPath, safeRedirect } from '../../shared/session/redirect.ts';
import { previousLoginNoticeKind, useSession } from '../../shared/session/store.ts';
import { writeStored } from '../../shared/storage.ts';
import { useToast } from '../../shared/toast.tsx';
import { type LoginConfig, loginApi } from './api.ts';

/** How long a fetched login configuration is reused before a page mount asks again. */
const configFreshMs = 5 * 60_000;

interface ConfigState {
  data?: LoginConfig;
  fetchedAt: number;
  pending?: Promise<LoginConfig | undefined>;
}

// A small cache of its own rather than TanStack Query, which the login page would otherwise be the
// only reason to download before sign-in (issue 4's /login budget).
let configState: ConfigState = { fetchedAt: 0 };
const configListeners = new Set<() => void>();

function setConfigState(next: ConfigState) {
  configState = next;
  for (const listener of configListeners) listener();
}

function fetchLoginConfig(): Promise<LoginConfig | undefined> {
  if (configState.pending) return configState.pending;
  const pending = loginApi.loginConfig().then(
    (data) => {
      setConfigState({ data, fetchedAt: Date.now() });
      return data;
    },
    () => {
      // The page works without it; the next use asks again.
      setConfigState({ data: configState.data, fetchedAt: 0 });
      return configState.data;
    },
  );
  setConfigState({ ...configState, pending });
  return pending;
}

/** Forgets the cached configuration (tests, and a fresh start). */
export function resetLoginConfig(): void {
  setConfigState({ fetchedAt: 0 });
}

const subscribeConfig = (listener: () => void) => {
  configListeners.add(listener);
  return () => configListeners.delete(listener);
};

/** The pre-login configuration: cipher key, system name and logos. The page works without it. */
export function useLoginConfig(): {
  data: LoginConfig | undefined;
  refetch: () => Promise<{ data: LoginConfig | undefined }>;
} {
  const state = useSyncExternalStore(subscribeConfig, () => configState);
  useEffect(() => {
    if (!configState.pending && Date.now() - configState.fetchedAt > configFreshMs) void fetchLoginConfig();
  }, []);
  const refetch = useCallback(async () => ({ data: await fetchLoginConfig() }), []);
  return { data: state.data, refetch };
}

/**
 * Shared end of every login tab (shell.md §4 "Login"): save the token, fetch the user, refuse an
 * empty menu list (the no-menu page), then go to `redirect` or `/`.
 */
export function useCompleteLogin() {
  const { t } = useTranslation('login');
  const message = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return useCallback(
    async (token: string): Promise<boolean> => {
      const session = useSession.getState();
      session.setToken(token);
      let user: Awaited<ReturnType<typeof sessionApi.currentUser>>;
      try {
        user = await sessionApi.currentUser({ silent: true, keepSession: true });
      } catch {
        session.reset();
        message.error({ content: t('userInfoFailed'), duration: 1.5 });
        return false;
      }
      session.setUserInfo(user.userInfo);
      if (!user?.menuList?.length) {
        // Refused entry to the console (shell.md §4): a page says so and whom to ask, and the
        // session stays so that a grant made meanwhile opens the console (issue 36).
        navigate(noMenuPath, { replace: true });
        return true;
      }
      // protocol.md: clients call this once right after login; its answer is unused.
      sessionApi.updatePasswordMessage().catch(() => undefined);
      writeStored(previousLoginNoticeKind, true, { session: true });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
      return true;
    },
    [message, navigate, params, t],
  );
}

/** Messages already shown follow a language switch (antd keeps the text it validated with). */
export function useRevalidateOnLanguageChange(form: FormInstance) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (!language) return;
    const shown = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [language, form]);
}
