/** Staff permissions of spec section 3 'Admin'; `super` holds them all. */
export const staffPermissions = [
  'confirm_order',
  'confirm_payment',
  'apply_points',
  'customer_service',
  'manage_course',
  'activate_account',
  'content_management',
  'agent_management',
  'points_management',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];
