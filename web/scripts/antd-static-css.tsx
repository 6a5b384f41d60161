/**
 * Ant Design's styles, written at build time (vite.config.ts, antdStaticCss): every component
 * rendered once on the server with the app's theme, and the styles @ant-design/cssinjs
 * registered for them taken from its cache. The CSS ends in a map of the styles it holds
 * (`.data-ant-cssinjs-cache-path{content:"…"}`); in the browser cssinjs reads that map and
 * neither computes nor injects a style that is in it, so a screen's cold load no longer
 * generates and serialises every component's styles nor inserts a <style> for each.
 * Like @ant-design/static-style-extract (not installed here), whose render list this follows.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { themeWithMotion } from '../src/components/antd-theme';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** Not rendered bare: portals, or their panel below stands for them. */
const skip = new Set(['ConfigProvider', 'Drawer', 'Grid', 'Modal', 'Popconfirm', 'Popover', 'Tooltip', 'Tour']);

/** Components that need props (or children) to render their styles. */
const custom: Record<string, () => ReactNode> = {
  Affix: () => (
    <antd.Affix>
      <div />
    </antd.Affix>
  ),
  BackTop: () => <antd.FloatButton.BackTop />,
  Dropdown: () => (
    <antd.Dropdown menu={{ items: [] }}>
      <div />
    </antd.Dropdown>
  ),
  Menu: () => <antd.Menu items={[]} />,
  QRCode: () => <antd.QRCode value="samrap" />,
  Tree: () => <antd.Tree treeData={[]} />,
  // with rows and pages: a table renders its pagination (not imported by the app itself)
  Table: () => (
    <antd.Table
      rowKey="k"
      dataSource={[{ k: 1 }]}
      columns={[{ title: 'k', dataIndex: 'k' }]}
      pagination={{ total: 100, showSizeChanger: true }}
    />
  ),
  Tag: () => (
    <>
      <antd.Tag color="blue" />
      <antd.Tag.CheckableTag checked />
    </>
  ),
  Badge: () => (
    <>
      <antd.Badge />
      <antd.Badge.Ribbon />
    </>
  ),
  Space: () => (
    <>
      <antd.Space />
      <antd.Space.Compact>
        <antd.Button />
        <antd.Space.Compact />
      </antd.Space.Compact>
    </>
  ),
  Input: () => (
    <>
      <antd.Input />
      <antd.Input.Group>
        <antd.Input />
        <antd.Input />
      </antd.Input.Group>
      <antd.Input.Search />
      <antd.Input.TextArea />
      <antd.Input.Password />
      <antd.Input.OTP />
    </>
  ),
  Modal: () => (
    <>
      <antd.Modal />
      <antd.Modal._InternalPanelDoNotUseOrYouWillBeFired />
      <antd.Modal._InternalPanelDoNotUseOrYouWillBeFired type="confirm" />
    </>
  ),
  message: () => <antd.message._InternalPanelDoNotUseOrYouWillBeFired />,
  notification: () => <antd.notification._InternalPanelDoNotUseOrYouWillBeFired />,
  Layout: () => (
    <antd.Layout>
      <antd.Layout.Header />
      <antd.Layout.Sider />
      <antd.Layout.Content />
      <antd.Layout.Footer />
    </antd.Layout>
  ),
};

function components(used: Set<string>): ReactNode {
  const exports = antd as unknown as Record<string, unknown>;
  const names = Object.keys(exports).filter((name) => used.has(name));
  return (
    <>
      {names
        .filter((name) => !skip.has(name) && /^[A-Z]/.test(name))
        .map((name) => {
          const render = custom[name];
          if (render) return <span key={name}>{render()}</span>;
          const Comp = exports[name] as AnyComponent;
          return typeof Comp === 'function' || (typeof Comp === 'object' && Comp !== null) ? <Comp key={name} /> : null;
        })}
      {names
        .map((name) => [name, (exports[name] as { _InternalPanelDoNotUseOrYouWillBeFired?: AnyComponent } | null)?._InternalPanelDoNotUseOrYouWillBeFired] as const)
        .filter(([, Panel]) => Panel)
        .map(([name, Panel]) => {
          const P = Panel as AnyComponent;
          return <P key={`panel-${name}`} />;
        })}
      {/* App.useApp()'s toasts and confirmations */}
      {custom.message()}
      {custom.notification()}
      {used.has('Modal') || used.has('App') ? custom.Modal() : null}
    </>
  );
}

/**
 * The CSS of the Ant Design components `used` (names exported by antd) with the app's theme,
 * motion on or off (the two token sets hash apart). A component left out keeps having its
 * styles made in the browser, as before.
 */
export function antdStaticCss(motion: boolean, used: Set<string>): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <antd.ConfigProvider theme={themeWithMotion(motion)}>
        <antd.App>{components(used)}</antd.App>
      </antd.ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token'] });
}
