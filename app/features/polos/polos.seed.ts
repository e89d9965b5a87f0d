/**
 * The study centres (polos) shown in the home finder: 29 entries, each a
 * location ("City - District - UF", in Minas Gerais, Mato Grosso do Sul, Rio Grande do Norte or
 * Mato Grosso) and a phone. Add, remove or edit a polo here.
 */
export type Polo = {
  location: string;
  phone: string;
  /** Street and number, when the studio has one ("Polos"); the finder shows it under the name. */
  address?: string;
  /** The polo's page, /polos/<slug> (decision 085): the finder links its name there. */
  slug?: string;
};

/** How many polos the finder shows before 'Ver todos os polos'. */
export const POLO_PAGE_SIZE = 12;

export const polos: Polo[] = [
  // Minas Gerais
  { location: "Belo Horizonte - Centro - MG", phone: "(31) 3000-0101" },
  { location: "Belo Horizonte - Savassi - MG", phone: "(31) 3000-0102" },
  { location: "Belo Horizonte - Barreiro - MG", phone: "(31) 3000-0103" },
  { location: "Belo Horizonte - Venda Nova - MG", phone: "(31) 3000-0104" },
  { location: "Contagem - Eldorado - MG", phone: "(31) 3000-0105" },
  { location: "Betim - Centro - MG", phone: "(31) 3000-0106" },
  { location: "Sete Lagoas - Centro - MG", phone: "(31) 3000-0107" },
  { location: "Ipatinga - Centro - MG", phone: "(31) 3000-0108" },
  { location: "Juiz de Fora - São Mateus - MG", phone: "(32) 3000-0109" },
  { location: "Governador Valadares - Centro - MG", phone: "(33) 3000-0110" },
  { location: "Teófilo Otoni - Centro - MG", phone: "(33) 3000-0111" },
  { location: "Uberlândia - Santa Mônica - MG", phone: "(34) 3000-0112" },
  { location: "Uberaba - Centro - MG", phone: "(34) 3000-0113" },
  { location: "Poços de Caldas - Centro - MG", phone: "(35) 3000-0114" },
  { location: "Varginha - Centro - MG", phone: "(35) 3000-0115" },
  { location: "Divinópolis - Centro - MG", phone: "(37) 3000-0116" },
  { location: "Montes Claros - Todos os Santos - MG", phone: "(38) 3000-0117" },
  // Mato Grosso do Sul
  { location: "Campo Grande - Centro - MS", phone: "(67) 3000-0201" },
  { location: "Campo Grande - Tiradentes - MS", phone: "(67) 3000-0202" },
  { location: "Dourados - Centro - MS", phone: "(67) 3000-0203" },
  { location: "Três Lagoas - Centro - MS", phone: "(67) 3000-0204" },
  { location: "Corumbá - Centro - MS", phone: "(67) 3000-0205" },
  // Rio Grande do Norte
  { location: "Natal - Ponta Negra - RN", phone: "(84) 3000-0301" },
  { location: "Natal - Alecrim - RN", phone: "(84) 3000-0302" },
  { location: "Mossoró - Centro - RN", phone: "(84) 3000-0303" },
  { location: "Parnamirim - Centro - RN", phone: "(84) 3000-0304" },
  // Mato Grosso
  { location: "Cuiabá - Centro - MT", phone: "(65) 3000-0401" },
  { location: "Várzea Grande - Cristo Rei - MT", phone: "(65) 3000-0402" },
  { location: "Rondonópolis - Centro - MT", phone: "(66) 3000-0403" },
];
