import { Form, type FormItemProps } from 'antd';
import { cloneElement, useId, type ReactElement } from 'react';

type Props = Omit<FormItemProps, 'name' | 'htmlFor' | 'children'> & { children: ReactElement<{ id?: string }> };

/**
 * A Form.Item that is not a form field (no `name`) around one control (a Select, an Input, a
 * Switch, a date picker): Ant Design ties a label to its control only through a field's id,
 * so this one gives the control an id and the label its `for`, and a screen reader reads the
 * label with the control (axe's rule "label", WCAG 1.3.1 and 4.1.2; issue 29).
 */
export function LabelledItem({ children, ...props }: Props) {
  const auto = useId();
  const id = children.props.id ?? `field${auto.replace(/:/g, '-')}`;
  return (
    <Form.Item {...props} htmlFor={id}>
      {cloneElement(children, { id })}
    </Form.Item>
  );
}
