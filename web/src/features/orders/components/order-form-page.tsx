import { OrderFormScreen } from '@/features/orders/components/order-form';

/** /auth/order/form: a patient's meals. */
export default function OrderFormPage() {
  return <OrderFormScreen caregiver={false} />;
}
