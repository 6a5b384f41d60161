import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/components/texts';

/**
 * The close of a form's drawer by Escape, its ✕ or a click beside it: when the user changed
 * something since it opened, it asks first ("close without saving" or "keep editing"), so a
 * stray Escape never throws an edit away. The drawer's own Cancel button closes at once: it
 * says what it does.
 *
 * `changed` goes to the form's `onValuesChange`, which only the user's edits call (values set
 * by the screen, setFieldsValue, do not; antd counts those as "touched").
 */
export function useGuardedClose(open: boolean, onClose: () => void): { close: () => void; changed: () => void } {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  const dirty = useRef(false);
  useEffect(() => {
    if (open) dirty.current = false;
  }, [open]);
  const close = () => {
    if (!dirty.current) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.discard'),
      cancelText: t('unsaved.keep'),
      okButtonProps: { danger: true, 'data-testid': 'unsaved-discard' } as never,
      cancelButtonProps: { 'data-testid': 'unsaved-keep' } as never,
      onOk: onClose,
    });
  };
  return { close, changed: () => (dirty.current = true) };
}
