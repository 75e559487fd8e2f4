import type { Env } from "../../env";
import type { CustomerErasureMessage } from "../../jobs/messages";
export async function customerErasureJob(_env: Env, _m: CustomerErasureMessage): Promise<void> {}
