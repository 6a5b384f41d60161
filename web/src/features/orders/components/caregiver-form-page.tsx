import { OrderFormScreen } from '@/features/orders/components/order-form';

/** /auth/order/care-giver/form: the caregiver's meals, checked against what the caregiver states. */
export default function CareGiverOrderFormPage() {
  return <OrderFormScreen caregiver />;
}
