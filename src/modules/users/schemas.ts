/**
 * Named users of a tenant (docs/decisions/case-work.md#named-analysts): request and response
 * shapes of /v1/users.
 */
import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationSchema, uuidParam } from "../../http/openapi";
import { storableText } from "../../http/storable";
import { ROLES } from "./domain/roles";

export const UserRole = z.enum(ROLES).openapi("UserRole", {
  description:
    "read-only: reads cases; analyst: also works them; lead: also reads users and the audit log; admin: also manages users and their keys (docs/decisions/case-work.md#named-analysts)",
});

const Roles = z
  .array(UserRole)
  .min(1)
  .max(ROLES.length)
  .refine((r) => new Set(r).size === r.length, { message: "roles must not repeat" })
  .openapi({ uniqueItems: true });
const Name = z.string().trim().min(1).max(200).openapi({ example: "Ana Mokoena" });
const Email = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase())
  .openapi({ example: "ana@bank.example" });

export const UserParams = z.object({ userId: uuidParam("userId") });

export const CreateUserBody = storableText(
  z.strictObject({ name: Name, email: Email, roles: Roles }),
).openapi("CreateUserRequest");

export const UpdateUserBody = storableText(
  z
    .strictObject({
      name: Name.optional(),
      email: Email.optional(),
      roles: Roles.optional(),
      disabled: z.boolean().optional().openapi({
        description: "A disabled user's keys are refused (401) until the user is enabled again",
      }),
    })
    .refine((b) => Object.keys(b).length > 0, { message: "give at least one field to change" }),
).openapi("UpdateUserRequest", { minProperties: 1 });

export const CreateUserKeyBody = storableText(
  z.strictObject({
    name: z.string().trim().min(1).max(100),
    expiresAt: IsoDateTime.optional(),
  }),
).openapi("CreateUserKeyRequest");

export const UserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(UserRole),
    disabled: z.boolean(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi("User");

export const UserResponse = z.object({ success: z.literal(true), user: UserSchema });
export const UserListResponse = z.object({
  success: z.literal(true),
  data: z.array(UserSchema),
  pagination: PaginationSchema,
});

export const UserKeyResponse = z.object({
  success: z.literal(true),
  apiKey: z
    .object({
      id: z.uuid(),
      key: z.string().openapi({ description: "Shown once" }),
      prefix: z.string(),
      name: z.string(),
      userId: z.uuid(),
      scopes: z.array(z.string()).openapi({
        description:
          "The scopes of the user's roles now; a request with the key holds the scopes of the user's roles at that time",
      }),
      expiresAt: IsoDateTime.nullable(),
    })
    .openapi("UserApiKey"),
});
