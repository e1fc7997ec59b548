import { describe, expect, it } from 'vitest';
import { isFreeMailAddress } from './free-mail';
import { meetsPasswordStrength } from './passwords';
import { isProfileComplete } from './accounts';

describe('password strength', () => {
  it.each([
    ['abc12', 'basic', false],
    ['abcdef', 'basic', true],
    ['abcdefgh', 'medium', false],
    ['abcdefg1', 'medium', true],
    ['測試密碼測試密碼1', 'medium', true],
    ['Abcdefgh12', 'strong', false],
    ['Abcdefg12!', 'strong', true],
    ['abcdefg12!', 'strong', false],
  ] as const)('%s against %s is %s', (password, strength, expected) => {
    expect(meetsPasswordStrength(password, strength)).toBe(expected);
  });
});

describe('company e-mail', () => {
  it.each([
    ['chen@gmail.com', true],
    ['chen@GMAIL.com', true],
    ['chen@ms1.msa.hinet.net', true],
    ['chen@yahoo.com.tw', true],
    ['chen@tsmc-parts.example', false],
    ['chen@notgmail.com', false],
  ])('%s is free mail: %s', (email, expected) => {
    expect(isFreeMailAddress(email)).toBe(expected);
  });
});

describe('profile completeness', () => {
  const complete = {
    name: '林志明',
    companyName: '晟弘精密',
    taxId: '24536806',
    contactPersonName: '林志明',
    contactPersonTel: '04-2359-1234',
    contactPersonEmail: 'lin@chenghong.example',
    companyAddress: '台中市西屯區工業區一路 1 號',
    businessCardUploaded: true,
  };
  it('is complete with every company field and a business card', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });
  it.each(['taxId', 'contactPersonTel', 'companyAddress'] as const)('is incomplete without %s', (field) => {
    expect(isProfileComplete({ ...complete, [field]: '  ' })).toBe(false);
  });
  it('is incomplete without a business card', () => {
    expect(isProfileComplete({ ...complete, businessCardUploaded: false })).toBe(false);
  });
});
