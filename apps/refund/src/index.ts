// What the end-to-end suite starts in-process; other apps never import this.
export { createRefundApp } from './refund-app';
export { refundConfigSchema, type RefundConfig } from './refund-config';
