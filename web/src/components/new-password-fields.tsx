import { Form, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRulesList } from '@/components/password-rules-list';
import { checkNewPassword } from '@/lib/password-rules';

type Props = {
  /** The form field of the new password; the confirmation is always `confirmPassword`. */
  name?: string;
  /** Translated labels and placeholders of the two fields. */
  label: string;
  placeholder: string;
  confirmLabel: string;
  confirmPlaceholder: string;
  /** First and last names when the screen knows them (not on reset, where only the server does). */
  names?: readonly (string | null | undefined)[];
  /** The field holding the current password, when the new one must differ from it. */
  currentField?: string;
};

/**
 * The new password and its confirmation inside an Ant Design Form, with the live rules
 * checklist (SPEC.md §5) between them; every rule is checked before the call.
 */
export function NewPasswordFields({ name = 'password', label, placeholder, confirmLabel, confirmPlaceholder, names, currentField }: Props) {
  const { t } = useTranslation('auth');
  const form = Form.useFormInstance();
  const password = (Form.useWatch(name, form) as string | undefined) ?? '';
  const rulesId = useId();
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        dependencies={currentField ? [currentField] : undefined}
        style={{ marginBottom: 8 }}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) => {
              const current = currentField ? (getFieldValue(currentField) as string | undefined) : undefined;
              const problem = checkNewPassword({ password: v ?? '', confirm: 'x', names: names ?? [], current }).password;
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password size="large" autoComplete="new-password" placeholder={placeholder} aria-describedby={rulesId} />
      </Form.Item>
      <PasswordRulesList password={password} names={names} id={rulesId} />
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) => {
              const problem = checkNewPassword({ password: (getFieldValue(name) as string | undefined) ?? '', confirm: v ?? '' }).confirm;
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password size="large" autoComplete="new-password" placeholder={confirmPlaceholder} />
      </Form.Item>
    </>
  );
}
