import { startTestCa, type TestCa } from './ca.ts';
import { startTestTsa, type TestTsa } from './tsa.ts';

/**
 * A TSA whose certificate a new test CA issued, its tokens carrying only that certificate (as public TSAs'
 * often do): whoever checks them fetches the issuer (AIA caIssuers) and the revocation data from the CA.
 */
export async function startCaIssuedTsa(): Promise<{ ca: TestCa; tsa: TestTsa }> {
  const ca = await startTestCa();
  const { key, certificate } = await ca.issueTimeStamping();
  return { ca, tsa: await startTestTsa({ certificate: { key, certificate } }) };
}
