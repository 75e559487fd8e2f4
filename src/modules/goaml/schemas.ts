import { z } from "@hono/zod-openapi";
import { storableText } from "../../http/storable";
import { fiuProfileSchema } from "./domain/fiu-profile";
import { reportingEntitySchema } from "./domain/reporting-entity";

const code = z.string().min(1).max(10);
const sqlDate = z.iso.date().openapi({ example: "1984-06-12" });
const country = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .openapi({ example: "GH" });

export const FiuProfileSchema = fiuProfileSchema.openapi("GoamlFiuProfile", {
  description:
    "An FIU's code lists and settings (docs/decisions/goaml.md#fiu-profile-as-data); cross-checks (every code used " +
    "is listed, every mapped rule exists, a `default` channel) are 400s naming the field",
});
export const ReportingEntitySchema = reportingEntitySchema.openapi("GoamlReportingEntity");

export const PutGoamlProfileBody = z.strictObject({
  profile: FiuProfileSchema,
  reportingEntity: z.union([ReportingEntitySchema, z.null()]),
});

export const KycSubjectSchema = storableText(
  z
    .strictObject({
      gender: z.enum(["M", "F", "-"]).optional(),
      title: z.string().min(1).max(30).optional(),
      firstName: z.string().min(1).max(100).optional(),
      middleName: z.string().min(1).max(100).optional(),
      lastName: z.string().min(1).max(100).optional(),
      birthdate: sqlDate.optional(),
      idNumber: z.string().min(1).max(255).optional(),
      nationality: country.optional(),
      residence: country.optional(),
      occupation: z.string().min(1).max(255).optional(),
      taxRegistered: z.boolean().optional(),
      phones: z
        .array(
          z.strictObject({
            contactType: code,
            communicationType: code,
            countryPrefix: z
              .string()
              .regex(/^\d{1,4}$/)
              .optional(),
            number: z.string().min(1).max(50),
          }),
        )
        .max(5)
        .optional(),
      addresses: z
        .array(
          z.strictObject({
            addressType: code,
            address: z.string().min(1).max(100),
            town: z.string().max(255).optional(),
            city: z.string().min(1).max(255),
            countryCode: country,
            state: z.string().min(1).max(255),
          }),
        )
        .max(5)
        .optional(),
      identifications: z
        .array(
          z.strictObject({
            type: code,
            number: z.string().min(1).max(255),
            issueDate: sqlDate,
            expiryDate: sqlDate,
            issuedBy: z.string().max(255).optional(),
            issueCountry: country,
          }),
        )
        .max(5)
        .optional(),
    })
    .openapi("GoamlKycSubject", {
      description:
        "KYC facts of the reported customer from the institution's KYC file (customer rows hold no identity " +
        "documents). goAML requires gender, birthdate, id number, nationality, residence, an identification and " +
        "tax registration for our client; what is missing is named by the 400.",
    }),
);

export const PutSubjectBody = z.strictObject({ subject: KycSubjectSchema });
export type PutSubjectBodyType = z.infer<typeof PutSubjectBody>;

const Actor = {
  actorId: z.string().trim().min(1).max(200),
  actorName: z.string().trim().min(1).max(200).optional(),
};

export const GenerateStrBody = storableText(
  z.strictObject({
    narrative: z.string().trim().min(1).max(4000).openapi({
      description:
        "The analyst's grounds for suspicion; the case's explanation and evidence follow it in `reason`",
    }),
    action: z.string().trim().min(1).max(2000).optional(),
    subject: KycSubjectSchema.optional().openapi({
      description: "KYC facts for this report; absent: the stored ones (PUT /v1/goaml/subjects/{customerId})",
    }),
    resubmissionOf: z.uuid().optional().openapi({
      description:
        "A rejected report of this case: the new one carries its FIU reference as prev_rejected_ref_number",
    }),
    ...Actor,
  }),
);

export const ReportStatusBody = storableText(
  z.strictObject({
    status: z.enum(["submitted", "accepted", "rejected"]),
    fiuRefNumber: z.string().trim().min(1).max(255).optional().openapi({
      description: "The FIU's reference for the filing; required with `submitted`",
    }),
    note: z.string().trim().min(1).max(2000).optional(),
    ...Actor,
  }),
);

export const CtrRunBody = z.strictObject({ day: z.iso.date() });
