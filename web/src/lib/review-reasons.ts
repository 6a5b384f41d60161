// An order's review reasons (docs/orders.md: why an order must be reviewed after the patient or
// the food of its tray changed), labelled in one place for every screen that shows them (the order drawer, the
// reports' held orders, the serve result). The labels are common.json's `reviewReason`: a new
// reason is one line there in each language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The label of a review reason in the interface language (the code itself if it has none). */
export function useReviewReasonLabel(): (code: string) => string {
  const { t } = useTranslation('common');
  return useCallback((code: string) => t(`reviewReason.${code}`, { defaultValue: code }), [t]);
}
