import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../http/openapi";

export const ErasureCustomerParams = z.object({ customerId: uuidParam("customerId") });
export const ErasureParams = z.object({ erasureId: uuidParam("erasureId") });
