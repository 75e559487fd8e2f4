/** Anonymised demo-like data for the goAML tests (no cloudflare imports: Node and workerd both use it). */
export const REPORTING_ENTITY = {
  rentityId: 1047,
  branch: "Kaneshie Branch",
  institution: { name: "Adom Savings and Loans PLC", code: "ADSL-GH", nonBank: true },
  reportingPerson: {
    title: "Mrs",
    firstName: "Abena",
    lastName: "Owusu",
    email: "compliance@adom-savings.example",
    occupation: "Anti-Money Laundering Reporting Officer",
    phones: [{ contactType: "BU", communicationType: "L", countryPrefix: "233", number: "302123456" }],
  },
};

export const CUSTOMER = {
  type: "individual",
  name: "Kwame Yeboah Mensah",
  businessInfo: { taxId: "P0012345678" },
};

export const KYC_SUBJECT = {
  gender: "M",
  middleName: "Yeboah",
  birthdate: "1984-06-12",
  idNumber: "GHA-721463598-4",
  nationality: "GH",
  residence: "GH",
  occupation: "Trader",
  addresses: [
    {
      addressType: "RES",
      address: "House 14, Kotobabi Road",
      town: "Kotobabi",
      city: "Accra",
      countryCode: "GH",
      state: "Greater Accra",
    },
  ],
  identifications: [
    {
      type: "PASSP",
      number: "G2204519",
      issueDate: "2019-03-01",
      expiryDate: "2029-02-28",
      issuedBy: "Ghana Passport Office",
      issueCountry: "GH",
    },
  ],
};
