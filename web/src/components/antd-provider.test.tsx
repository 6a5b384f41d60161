import { render, screen } from '@testing-library/react';
import { Modal, Spin } from 'antd';
import { Table } from '@/components/table';
import { AntdProvider } from '@/components/antd-provider';
import { changeLanguage } from '@/lib/i18n';

describe('AntdProvider', () => {
  afterEach(() => changeLanguage('th'));

  it('names a dialog\'s close button in the interface language (issue 19 item 13)', async () => {
    await changeLanguage('th');
    const { unmount } = render(
      <AntdProvider>
        <Modal open title="t">
          body
        </Modal>
      </AntdProvider>,
    );
    expect(screen.getByRole('button', { name: 'ปิด' }).className).toContain('ant-modal-close');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    unmount();

    await changeLanguage('en');
    render(
      <AntdProvider>
        <Modal open title="t">
          body
        </Modal>
      </AntdProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close' }).className).toContain('ant-modal-close');
  });

  it('names a loading spinner in the interface language, a table\'s loading cover too (issue 29)', async () => {
    await changeLanguage('th');
    const { unmount } = render(
      <AntdProvider>
        <Spin />
      </AntdProvider>,
    );
    expect(screen.getByRole('status', { name: 'กำลังโหลด...' }).querySelectorAll('.ant-spin-dot-item')).toHaveLength(4);
    unmount();

    await changeLanguage('en');
    render(
      <AntdProvider>
        <Table loading columns={[{ title: 'c', dataIndex: 'c' }]} dataSource={[]} />
      </AntdProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
  });
});
