// The area's query key: every query of this feature starts with it, so an order written or
// cancelled reloads the list, the open order and the menus through it.
export const ORDERS_AREA = 'orders' as const;
export const ordersKey = [ORDERS_AREA] as const;
export const TAKER = '/takerOrder';
