import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, CloseCircleOutlined, InfoCircleOutlined } from '@/components/icons';
import { ruleStates, type RuleState } from '@/lib/password-rules';

type Props = {
  password: string;
  /** First and last names when the screen knows them (not on reset, where only the server does). */
  names?: readonly (string | null | undefined)[];
  id?: string;
};

/** Every password rule of SPEC.md §5, each ticked as the typed password meets it. */
export function PasswordRulesList({ password, names, id }: Props) {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const state = ruleStates(password, names ?? []);
  const rules: (keyof RuleState)[] = ['minLength', 'upperLower', 'digit', 'special', 'noName'];
  return (
    <ul id={id} aria-label={t('passwordRules.title')} data-testid="password-rules" style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
      {rules.map((r) => {
        // Without the names (reset link) only the server can tell: the rule is shown, not ticked.
        const known = r !== 'noName' || names !== undefined;
        const met = known && password.length > 0 && state[r];
        const icon = !known ? <InfoCircleOutlined /> : met ? <CheckCircleFilled /> : <CloseCircleOutlined />;
        return (
          <li key={r} data-rule={r} data-met={known ? met : undefined} style={{ display: 'flex', gap: 8, alignItems: 'center', color: met ? token.colorSuccessText : token.colorTextSecondary, fontSize: 13, lineHeight: '22px' }}>
            {icon}
            <span>
              {t(`passwordRules.${r}`)}
              {known && <span className="sr-only">{met ? t('passwordRules.met') : t('passwordRules.notMet')}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
