import { describe, expect, it } from 'vitest';
import { confirmBodyKey, uploadRefusalKey, virtualAccountNoteKey } from './order-texts';

describe("the order pages' texts", () => {
  it('says a virtual account was paid only once the order is paid (20, 15, 1), and closed at 98', () => {
    expect(virtualAccountNoteKey(10)).toBe('vacc.lead');
    expect([20, 15, 1].map(virtualAccountNoteKey)).toEqual(['vacc.paid', 'vacc.paid', 'vacc.paid']);
    expect(virtualAccountNoteKey(98)).toBe('vacc.expired');
    expect([0, 2, 99].map(virtualAccountNoteKey)).toEqual([undefined, undefined, undefined]);
  });

  it('tells an empty file from one over 5 MB', () => {
    expect(uploadRefusalKey('OutOfRange', 0)).toBe('upload.empty');
    expect(uploadRefusalKey('OutOfRange', 6 * 1024 * 1024)).toBe('upload.tooLarge');
    expect(uploadRefusalKey('InvalidParameterType', 10)).toBe('upload.wrongType');
    expect(uploadRefusalKey('OrderStatusConflict', 10)).toBeUndefined();
  });

  it('warns of credited points only for a change that enables them, and promises a mail only where one is sent', () => {
    expect(confirmBodyKey('complete', 15, 1)).toBe('admin.confirmBodyNoMail');
    expect(confirmBodyKey('confirmPayment', 10, 15)).toBe('admin.confirmBodyEnable');
    expect(confirmBodyKey('confirmPayment', 10, 1)).toBe('admin.confirmBodyEnable');
    expect(confirmBodyKey('enable', 20, 1)).toBe('admin.confirmBodyEnable');
    expect(confirmBodyKey('confirmPayment', 10, 20)).toBe('admin.confirmBody');
    expect(confirmBodyKey('confirmOrder', 0, 10)).toBe('admin.confirmBody');
    expect(confirmBodyKey('cancel', 0, 99)).toBe('admin.confirmBody');
  });
});
