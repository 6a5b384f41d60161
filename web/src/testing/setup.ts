// Tests run in jsdom (*.test.tsx, and a *.test.ts that asks for it with
// `// @vitest-environment jsdom`) or in plain Node (every other *.test.ts: no document to
// build, about a second less a file). The interface language, the browser APIs Ant Design
// needs and the storage clean-up only exist where there is a window.
if (typeof window !== 'undefined') {
  await import('@/lib/i18n');

  // jsdom lacks these browser APIs that Ant Design uses.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

export {};
