/**
 * The reporting entity of a tenant's goAML reports (goAML `rentity_id`, the institution and the
 * reporting person, usually the AML reporting officer), stored beside the FIU profile. No
 * default: the FIU issues the id at registration, so an STR is refused until it is entered.
 */
import { z } from "zod";
import type { ReportingEntityInput } from "./report";

const phone = z.strictObject({
  contactType: z.string().min(1).max(10),
  communicationType: z.string().min(1).max(10),
  countryPrefix: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  number: z.string().min(1).max(50),
});

export const reportingEntitySchema = z.strictObject({
  rentityId: z.number().int().min(1).max(2_147_483_647),
  /** The institution's branch: written as rentity_branch and as the branch of our clients' accounts. */
  branch: z.string().min(1).max(255),
  institution: z.strictObject({
    name: z.string().min(1).max(255),
    code: z.string().min(1).max(50).optional(),
    swift: z
      .string()
      .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/)
      .optional(),
    nonBank: z.boolean(),
  }),
  reportingPerson: z.strictObject({
    title: z.string().min(1).max(30).optional(),
    firstName: z.string().min(1).max(100),
    lastName: z.string().min(1).max(100),
    email: z.email().max(255).optional(),
    occupation: z.string().min(1).max(255).optional(),
    phones: z.array(phone).max(5).optional(),
  }),
}) satisfies z.ZodType<ReportingEntityInput>;

export type ReportingEntity = z.infer<typeof reportingEntitySchema>;
