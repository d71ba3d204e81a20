/**
 * Demo people for the Auth emulator: one member and one account per staff role (§6). Their phone
 * numbers use the 555-01xx range, which is reserved for fiction; the e-mail addresses use
 * example.com. Sign in as any of them on /sign-in; the code appears on /demo/outbox.
 */
export interface DemoAccount {
  uid: string;
  phoneNumber: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  /** Role flags (§6), and for a facilitator the teacher they teach as (`teacherId`, ADR 037). */
  claims: Record<string, boolean | string>;
}

export const demoAccounts: DemoAccount[] = [
  {
    uid: "demo-member",
    phoneNumber: "+12015550101",
    email: "juniper.member@example.com",
    firstName: "Juniper",
    lastName: "Vale",
    username: "juniper",
    claims: {},
  },
  {
    uid: "demo-admin",
    phoneNumber: "+12015550102",
    email: "orla.admin@example.com",
    firstName: "Orla",
    lastName: "Brightwater",
    username: "orla",
    claims: { admin: true },
  },
  {
    uid: "demo-blog-editor",
    phoneNumber: "+12015550103",
    email: "teo.editor@example.com",
    firstName: "Teo",
    lastName: "Marsh",
    username: "teo_writes",
    claims: { blogEditor: true },
  },
  {
    uid: "demo-cohost",
    phoneNumber: "+12015550104",
    email: "priya.cohost@example.com",
    firstName: "Priya",
    lastName: "Lindqvist",
    username: "priya_cohost",
    claims: { cohost: true },
  },
  {
    uid: "demo-facilitator",
    phoneNumber: "+12015550105",
    email: "amara.teacher@example.com",
    firstName: "Amara",
    lastName: "Eze-Holloway",
    username: "amara",
    claims: { facilitator: true, teacherId: "teacher-amara" },
  },
  {
    uid: "demo-studio-staff",
    phoneNumber: "+12015550106",
    email: "sam.studio@example.com",
    firstName: "Sam",
    lastName: "Okonkwo",
    username: "sam_at_the_studio",
    claims: { studioStaff: true },
  },
];
