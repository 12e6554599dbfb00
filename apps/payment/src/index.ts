// What the end-to-end suite starts in-process; other apps never import this.
export { createPaymentApp } from './payment-app';
export { paymentConfigSchema, type PaymentConfig } from './payment-config';
