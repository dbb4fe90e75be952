// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Drawer } from './Drawer.tsx';
import { Modal } from './Modal.tsx';
import { EmptyState, ErrorState } from './States.tsx';
import { InlineError } from './InlineError.tsx';
import { Switch } from './Switch.tsx';
import { Tabs } from './Tabs.tsx';
import { Select, TextArea, TextInput } from './Field.tsx';
import { RadioChoice } from './RadioChoice.tsx';
import { renderWithProviders } from '../../tests/fixtures/render.tsx';
import { setUpDialogTests } from '../../tests/fixtures/dialog-tests.ts';

setUpDialogTests();

const wrap = (node: React.ReactNode) => renderWithProviders(node);

function ModalHarness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Modal
          label="Hộp thoại"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">first</button>
          <button type="button">last</button>
        </Modal>
      )}
    </>
  );
}

function DrawerHarness() {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        menu
      </button>
      {open && (
        <Drawer label="Menu" onClose={() => setOpen(false)} initialFocusRef={closeRef}>
          <button ref={closeRef} type="button" onClick={() => setOpen(false)}>
            close
          </button>
          <a href="/x">link</a>
        </Drawer>
      )}
    </>
  );
}

function TabsHarness() {
  const [active, setActive] = useState<'a' | 'b' | 'c'>('a');
  return <Tabs tabs={['a', 'b', 'c']} active={active} onChange={setActive} renderLabel={(tab) => tab.toUpperCase()} label="Loại" panelId="p" idPrefix="t" />;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Modal', () => {
  it('locks the page, traps Tab, closes on Escape and gives focus back', () => {
    const onClose = vi.fn<() => void>();
    wrap(<ModalHarness onClose={onClose} />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Hộp thoại' });
    expect(document.activeElement).toBe(dialog);
    expect(document.body.style.overflow).toBe('hidden');

    screen.getByText('last').focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByText('first'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByText('last'));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('brings stray focus back inside', () => {
    wrap(<ModalHarness />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.focusIn(screen.getByText('open'));
    expect(document.activeElement).toBe(screen.getByText('first'));
  });

  it('lets only the innermost of two dialogs act on Escape', () => {
    const outer = vi.fn<() => void>();
    const inner = vi.fn<() => void>();
    wrap(
      <>
        <Modal label="outer" onClose={outer}>
          <button type="button">a</button>
        </Modal>
        <Modal label="inner" onClose={inner}>
          <button type="button">b</button>
        </Modal>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('closes on a press on the dimmed area only', () => {
    const onClose = vi.fn<() => void>();
    wrap(
      <Modal label="x" onClose={onClose}>
        <button type="button">inside</button>
      </Modal>,
    );
    fireEvent.pointerDown(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('starts on Cancel and confirms only on the confirm button', () => {
    const onConfirm = vi.fn<() => void>();
    const onCancel = vi.fn<() => void>();
    wrap(
      <ConfirmDialog title="Xóa tệp?" confirmLabel="Xóa" onConfirm={onConfirm} onCancel={onCancel} testId="x-delete" titleData={{ 'data-count': 2 }}>
        Không thể hoàn tác.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Xóa tệp?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByTestId('x-delete-title').dataset.count).toBe('2');
    expect(document.activeElement).toBe(screen.getByTestId('x-delete-cancel'));
    fireEvent.click(screen.getByTestId('x-delete-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('Drawer', () => {
  it('focuses its close button, closes on Escape and the backdrop, and returns focus', () => {
    wrap(<DrawerHarness />);
    const opener = screen.getByText('menu');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByText('close'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Tabs', () => {
  it('moves the selection with arrows, Home and End, and keeps one tab in the Tab order', () => {
    wrap(<TabsHarness />);
    expect(tab('A').getAttribute('aria-selected')).toBe('true');
    expect(tab('B').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('A'), { key: 'ArrowLeft' });
    expect(tab('C').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('C'));
    fireEvent.keyDown(tab('C'), { key: 'Home' });
    expect(tab('A').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('A'), { key: 'End' });
    expect(tab('C').tabIndex).toBe(0);
  });
});

describe('Switch', () => {
  it('is a switch named by its label and described by its hint', () => {
    const onChange = vi.fn<(checked: boolean) => void>();
    wrap(<Switch checked={false} onChange={onChange} label="Chia sẻ" hint="Ai có liên kết đều xem được" />);
    const control = screen.getByRole('switch', { name: 'Chia sẻ' });
    expect(control.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('fields', () => {
  it('ties the label, the hint and the error text to the control', () => {
    wrap(
      <>
        <TextInput label="Tên" hint="Như trên giấy tờ" error="Bắt buộc" errorTestId="field-error-name" name="name" />
        <Select label="Gói" defaultValue="free">
          <option value="free">Free</option>
        </Select>
        <TextArea label="Ghi chú" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Tên' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described).toHaveLength(2);
    expect(document.getElementById(described[1]!)?.textContent).toContain('Bắt buộc');
    expect(screen.getByTestId('field-error-name')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Gói' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ghi chú' })).toBeTruthy();
  });

  it('reads a hidden label, and adds the caller’s own descriptions after the hint', () => {
    wrap(
      <>
        <Select label="Danh mục" hideLabel defaultValue="tops">
          <option value="tops">Áo</option>
        </Select>
        <TextArea label="Mô tả" hint="Không bắt buộc" describedBy="counter" />
        <span id="counter">0/200</span>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Danh mục' })).toBeTruthy();
    expect(screen.getByText('Danh mục').tagName).toBe('LABEL');
    const described = screen.getByRole('textbox', { name: 'Mô tả' }).getAttribute('aria-describedby')!.split(' ');
    expect(described).toHaveLength(2);
    expect(described[1]).toBe('counter');
  });
});

describe('RadioChoice', () => {
  it('is a native radio named by its label, the label carrying the look, tooltip and test id', () => {
    const onChange = vi.fn<(value: string) => void>();
    function Group() {
      const [value, setValue] = useState('a');
      const pick = (next: string) => {
        onChange(next);
        setValue(next);
      };
      return (
        <fieldset>
          <legend>Chọn</legend>
          <RadioChoice name="g" value="a" checked={value === 'a'} onChange={() => pick('a')}>
            Một
          </RadioChoice>
          <RadioChoice
            look="none"
            name="g"
            value="b"
            checked={value === 'b'}
            onChange={() => pick('b')}
            title="Hai"
            testId="choice-b"
            style={{ background: 'red' }}
            aria-label="Hai"
          />
        </fieldset>
      );
    }
    wrap(<Group />);
    expect((screen.getByRole('radio', { name: 'Một' }) as HTMLInputElement).checked).toBe(true);
    const label = screen.getByTestId('choice-b');
    expect(label.tagName).toBe('LABEL');
    expect(label.title).toBe('Hai');
    expect(label.style.background).toBe('red');
    fireEvent.click(label);
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect((screen.getByRole('radio', { name: 'Hai' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('states', () => {
  it('shows an empty state with its actions, and an error with Retry', () => {
    const onRetry = vi.fn<() => void>();
    wrap(
      <>
        <EmptyState title="Chưa có gì" testId="empty" actions={<a href="/studio">Mở studio</a>} />
        <ErrorState title="Không tải được" onRetry={onRetry} retryTestId="retry" />
      </>,
    );
    expect(screen.getByTestId('empty').textContent).toContain('Chưa có gì');
    expect(screen.getByRole('alert').textContent).toContain('Không tải được');
    fireEvent.click(screen.getByTestId('retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows an inline error as one line in its caller's layout: the words and a small Retry, without the framed state's icon", () => {
    const onRetry = vi.fn<() => void>();
    wrap(<InlineError className="more" title="Không tải được trang sau" onRetry={onRetry} testId="more-error" retryTestId="more-retry" />);
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('more-error'));
    expect(alert.className).toBe('more');
    expect(alert.textContent).toBe('Không tải được trang sauThử lại');
    expect(alert.querySelector('svg')).toBeNull();
    fireEvent.click(screen.getByTestId('more-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
