// Login is the one screen every user loads cold, so it is built from plain elements and
// the shared CSS rather than Ant Design (whose runtime alone would exceed the route's
// 150 kB budget); everything after it uses Ant Design.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { isMfaChallenge, useGetAccessToken, type Credentials } from '@/features/auth/api/get-access-token';
import { PublicShell } from '@/features/auth/components/public-shell';
import { validateCredentials, type CredentialErrors } from '@/features/auth/validate-credentials';
import { establishSession, type LoginNotice, type MfaState } from '@/features/auth/sign-in-flow';
import { isApiError } from '@/lib/api-client';
import { publishGlobal } from '@/lib/global-events';
import { useSession } from '@/lib/use-session';

/** Server field names → form field names. */
const FIELD_OF: Record<string, keyof Credentials> = { username: 'email', email: 'email', password: 'password' };

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const signIn = useGetAccessToken();
  const id = useId();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  // A screen after Login may send the user back with a reason (a dead two-factor challenge).
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  const [failure, setFailure] = useState<string | null>(notice ? t(`login.${notice}`) : null);
  const [busy, setBusy] = useState(false);

  if (session.token && session.userInfo?.current && !busy) return <Navigate to="/auth" replace />;

  const change = (field: keyof Credentials) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
    setFailure(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validateCredentials(values);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const answer = await signIn.mutateAsync({ email: values.email.trim(), password: values.password });
      if (isMfaChallenge(answer)) {
        // Two factors: no tokens yet; the choose-verification-method screen finishes it.
        const state: MfaState = { ...answer, expiresAt: Date.now() + (answer.expiresIn ?? 600) * 1000 };
        navigate('/redirect', { state });
        return;
      }
      navigate(await establishSession(answer), { replace: true });
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.status === 401) setFailure(t('login.failed'));
      else if (err.status === 403 && err.code === 'INACTIVE_ACCOUNT') navigate('/inactive-account', { replace: true });
      else if (err.status === 429) {
        const seconds = (err.data as { retryAfter?: number } | null)?.retryAfter ?? 60;
        setFailure(t('login.tooManyAttempts', { seconds }));
      } else if (err.fields) {
        const next: CredentialErrors = {};
        for (const [name, msg] of Object.entries(err.fields)) next[FIELD_OF[name] ?? 'email'] = msg;
        setErrors(next);
      } else if (!err.handled) publishGlobal({ kind: 'toast', type: 'error', msg: err.message });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Credentials, type: string, autoComplete: string) => {
    const error = errors[name] ? t(errors[name]!, { defaultValue: errors[name] }) : undefined;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{t(`login.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={name === 'email' ? 'email' : undefined}
          placeholder={t(`login.${name}Placeholder`)}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={error ? 'invalid' : undefined}
        />
        {error && (
          <div className="field-error" id={`${id}-${name}-error`} role="alert">
            {error}
          </div>
        )}
      </div>
    );
  };

  return (
    <PublicShell>
      <section className="plain-card public-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('login.title')}</h2>
        <p className="muted">{t('login.subtitle')}</p>
        <form noValidate onSubmit={onSubmit} name="login">
          {field('email', 'email', 'username')}
          {field('password', 'password', 'current-password')}
          {failure && (
            <div className="alert-error" role="alert" data-testid="login-failure">
              {failure}
            </div>
          )}
          <button type="submit" className="plain-btn plain-btn-primary plain-btn-block" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden />}
            {t('login.submit')}
          </button>
        </form>
        <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
          <Link to="/forgot-password" style={{ color: '#0f766e' }} data-testid="forgot-password-link">
            {t('login.forgotPassword')}
          </Link>
        </p>
      </section>
    </PublicShell>
  );
}
