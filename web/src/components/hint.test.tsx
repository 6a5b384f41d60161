import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Hint } from '@/components/hint';

describe('a tooltip made on the first hover (Hint)', () => {
  it('renders the element alone until the pointer comes over it, then shows the title', async () => {
    const onMouseEnter = vi.fn();
    const { baseElement } = render(
      <Hint title="Lunch · not ordered">
        <button type="button" aria-label="LU not ordered" onMouseEnter={onMouseEnter}>
          LU
        </button>
      </Hint>,
    );
    expect(baseElement.querySelector('.ant-tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'LU not ordered' }));
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Lunch · not ordered'));
    // the same element, its name and text as before
    expect(screen.getByRole('button', { name: 'LU not ordered' }).textContent).toBe('LU');
  });

  it('keeps the keyboard focus on the element it makes again', () => {
    render(
      <div>
        <button type="button">before</button>
        <Hint title="NPO from 22:00">
          <button type="button">NPO</button>
        </Hint>
      </div>,
    );
    screen.getByRole('button', { name: 'NPO' }).focus();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'NPO' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'NPO' }));
  });

  it('makes nothing for an empty title', () => {
    const { baseElement } = render(
      <Hint title="">
        <button type="button">X</button>
      </Hint>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'X' }));
    expect(baseElement.querySelector('.ant-tooltip')).toBeNull();
  });
});
