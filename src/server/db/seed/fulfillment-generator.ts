/**
 * Deterministic, related fulfillment data from a plan: the warehouses it creates, then for each seller the
 * warehouses it works with, quotations, imports of imported quotations, products with their inventory,
 * normal orders of those products, and returns of those orders. The demo seed (demo-data.ts) and each new
 * account's sandbox (sandbox-plans.ts) are the same code with different plans.
 *
 * Ids are local to the plan: 1..n per table, in generation order, which is also each owner's list order.
 * The demo writes them as they are; a sandbox maps them onto ids taken from the tables' identity
 * sequences (sandbox-ids.ts), which keeps the order. List positions (seller_seq, warehouse_seq, see
 * migrations/002) start at 1 for every owner: every owner in a plan is new (the demo's on an empty
 * database, a sandbox's created with it), so nothing was listed before.
 */
import { SeededRandom } from './random.ts';

export type SeedRow = Record<string, string | number | boolean | null | Date>;
export type SeedTables = Record<
  'warehouses' | 'seller_warehouses' | 'quotations' | 'imports' | 'products' | 'normal_orders' | 'order_items' | 'return_orders' | 'return_items',
  SeedRow[]
>;

/** How much of each entity one seller has. */
export interface ActivityCounts {
  quotations: number;
  products: number;
  orders: number;
  returns: number;
}

export interface SellerPlan extends ActivityCounts {
  sellerId: number;
  /** Local ids of the warehouses it works with, ascending. */
  warehouseIds: readonly number[];
  /** The two warehouses that get most of its activity (half, then a sixth); may be the same one. */
  busiest: readonly [number, number];
}

export interface FulfillmentPlan {
  /** Seeds the generator: the same plan and seed give the same rows, byte for byte. */
  seed: number;
  /** The warehouses to create, local ids 1..n in this order, with the WAREHOUSE account that runs each. */
  warehouseAccounts: readonly (number | null)[];
  /** Their activity is generated interleaved: row i of every seller before row i + 1 of any. */
  sellers: readonly SellerPlan[];
}
const SITES = [
  ['Incheon', 'KR', 'South Korea', '+82 32', 'Gonghang-ro'],
  ['Busan', 'KR', 'South Korea', '+82 51', 'Jungang-daero'],
  ['Los Angeles', 'US', 'United States', '+1 310', 'Alameda Street'],
  ['Newark', 'US', 'United States', '+1 973', 'Port Street'],
  ['Rotterdam', 'NL', 'Netherlands', '+31 10', 'Maasvlakteweg'],
  ['Hamburg', 'DE', 'Germany', '+49 40', 'Altenwerder Damm'],
  ['Felixstowe', 'GB', 'United Kingdom', '+44 1394', 'Dock Road'],
  ['Tokyo', 'JP', 'Japan', '+81 3', 'Heiwajima'],
  ['Singapore', 'SG', 'Singapore', '+65', 'Pioneer Road'],
  ['Sydney', 'AU', 'Australia', '+61 2', 'Botany Road'],
  ['Toronto', 'CA', 'Canada', '+1 416', 'Queens Quay'],
  ['Lyon', 'FR', 'France', '+33 4', 'Rue de Gerland'],
] as const;
const FIRST = ['Jane', 'Min-jun', 'Aiko', 'Lukas', 'Sofia', 'Omar', 'Chloe', 'Mateo', 'Hana', 'Noah', 'Priya', 'Ethan', 'Seo-yeon', 'Lea'];
const LAST = ['Doe', 'Park', 'Tanaka', 'Schmidt', 'Rossi', 'Haddad', 'Martin', 'Garcia', 'Kim', 'Smith', 'Patel', 'Brown', 'Lee', 'Dubois'];
const GOODS = [
  ['Linen tea towel, set of 3', 'LTT'],
  ['Ceramic pour-over dripper', 'CPD'],
  ['Bamboo cutting board', 'BCB'],
  ['Stainless steel water bottle 750 ml', 'SWB'],
  ['Merino wool beanie', 'MWB'],
  ['Cotton canvas tote', 'CCT'],
  ['Cast iron skillet 26 cm', 'CIS'],
  ['Glass storage jar 1 l', 'GSJ'],
  ['Organic green tea, 100 g', 'OGT'],
  ['Wireless earbuds case', 'WEC'],
  ['Yoga mat 6 mm', 'YM6'],
  ['Lithium power bank 10000 mAh', 'LPB'],
  ['Scented soy candle', 'SSC'],
  ['Hand-thrown mug', 'HTM'],
  ['Kids rain boots', 'KRB'],
  ['Desk lamp, brass', 'DLB'],
] as const;
const CHANNELS = ['SHOPIFY', 'AMAZON', 'EBAY', 'COUPANG', 'RAKUTEN', 'WOOCOMMERCE'];
const COURIERS = ['UPS', 'DHL', 'FedEx', 'CJ Logistics', 'Yamato', 'USPS'];
const ORDER_STATUSES = ['NEW', 'CONFIRMED', 'PICKING', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED'];
const RETURN_STATUSES = ['REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'INSPECTED', 'COMPLETED'];
const QUOTATION_STATUSES = ['REQUESTED', 'QUOTED', 'APPROVED', 'IN_TRANSIT', 'ARRIVED'];
const BASE = Date.UTC(2026, 0, 5, 8, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function date(offsetMs: number): Date {
  return new Date(BASE + Math.round(offsetMs / 60_000) * 60_000);
}

class Sequences {
  private readonly next = new Map<string, number>();
  take(key: string): number {
    const value = (this.next.get(key) ?? 0) + 1;
    this.next.set(key, value);
    return value;
  }
}

export function generateFulfillment(plan: FulfillmentPlan): SeedTables {
  const sellers = plan.sellers;
  const random = new SeededRandom(plan.seed);
  const seq = new Sequences();
  const tables: SeedTables = {
    warehouses: [],
    seller_warehouses: [],
    quotations: [],
    imports: [],
    products: [],
    normal_orders: [],
    order_items: [],
    return_orders: [],
    return_items: [],
  };

  for (let id = 1; id <= plan.warehouseAccounts.length; id += 1) {
    const site = SITES[(id - 1) % SITES.length] ?? SITES[0];
    const [city, countryCode, , phone, street] = site;
    const slug = `${city.toLowerCase().replace(/[^a-z]/g, '')}-${id}`;
    tables.warehouses.push({
      id,
      account_id: plan.warehouseAccounts[id - 1] ?? null,
      name: `${city} Fulfillment Center ${id <= SITES.length ? '' : Math.ceil(id / SITES.length)}`.trim(),
      email: `ops@${slug}.example`,
      address: `${random.int(1, 480)} ${street}, ${city}`,
      phone_number: `${phone} ${random.digits(3)} ${random.digits(4)}`,
      website_url: random.chance(0.8) ? `https://${slug}.example` : null,
      scale: random.pick(['Large', 'Medium', 'Small']),
      country_code: countryCode,
      manager_name: `${random.pick(FIRST)} ${random.pick(LAST)}`,
    });
  }

  for (const seller of sellers) {
    for (const warehouseId of seller.warehouseIds) {
      tables.seller_warehouses.push({ seller_id: seller.sellerId, warehouse_id: warehouseId, seller_seq: seq.take(`sw:${seller.sellerId}`) });
    }
  }
  const busiest = (seller: SellerPlan, i: number): number => (i % 2 === 0 ? seller.busiest[0] : seller.busiest[1]);
  /** Half of every seller's activity goes to its busiest warehouse, a sixth to the next, the rest spread out. */
  const pickWarehouse = (seller: SellerPlan): number => {
    const roll = random.next();
    if (roll < 0.5) return busiest(seller, 0);
    if (roll < 0.66) return busiest(seller, 1);
    return random.pick(seller.warehouseIds);
  };
  const owned = (row: SeedRow, kind: string, sellerId: number, warehouseId: number): SeedRow => ({
    ...row,
    seller_id: sellerId,
    warehouse_id: warehouseId,
    seller_seq: seq.take(`${kind}:s:${sellerId}`),
    warehouse_seq: seq.take(`${kind}:w:${warehouseId}`),
  });

  // Quotations, and an import for each imported one.
  let quotationId = 0;
  let importId = 0;
  const quotationRows: SeedRow[] = [];
  for (let i = 0; i < Math.max(...sellers.map((seller) => seller.quotations)); i += 1) {
    for (const seller of sellers) {
      if (i >= seller.quotations) continue;
      quotationId += 1;
      const warehouseId = pickWarehouse(seller);
      const method = random.chance(0.7) ? 'SEA' : 'AIR';
      const etd = i * 2.5 * DAY + random.int(0, 20) * HOUR;
      const status = random.pick(QUOTATION_STATUSES);
      const isImported = i % 5 !== 4 && status !== 'REQUESTED';
      const cartons = random.int(20, 900);
      const row = owned(
        {
          id: quotationId,
          shipment_detail: `${random.int(1, 24)} pallets of ${random.pick(GOODS)[0].toLowerCase()}, ${cartons} cartons`,
          shipment_method: method,
          shipment_plan_etd: date(etd),
          shipment_plan_eta: date(etd + (method === 'SEA' ? random.int(18, 35) : random.int(2, 5)) * DAY),
          check_point:
            method === 'SEA'
              ? `Port of ${random.pick(['Busan', 'Shanghai', 'Rotterdam', 'Long Beach'])}`
              : `${random.pick(['ICN', 'LAX', 'FRA', 'NRT'])} air cargo terminal`,
          progress_status: status,
          is_imported: isImported,
          warehouse_approved_date: status === 'REQUESTED' || status === 'QUOTED' ? null : date(etd - random.int(2, 9) * DAY),
        },
        'quotation',
        seller.sellerId,
        warehouseId,
      );
      quotationRows.push(row);
      if (isImported) {
        importId += 1;
        const created = etd + random.int(1, 3) * DAY;
        const hasSellerComment = random.chance(0.6);
        const hasWarehouseComment = random.chance(0.5);
        tables.imports.push(
          owned(
            {
              id: importId,
              quotation_id: quotationId,
              status: random.pick(['REGISTERED', 'IN_TRANSIT', 'RECEIVING', 'COMPLETED']),
              imp_status: random.pick(['REQUESTED', 'CONFIRMED', 'CUSTOMS_CLEARED']),
              inb_status: random.pick(['WAITING', 'RECEIVING', 'RECEIVED', 'STOCKED']),
              seller_comment: hasSellerComment ? `Cartons 1-${random.int(10, 60)} are fragile, please stack at most ${random.int(3, 6)} high.` : null,
              seller_comment_date: hasSellerComment ? date(created + 2 * HOUR) : null,
              warehouse_comment: hasWarehouseComment ? `Received ${random.int(50, cartons)} of ${cartons} cartons; the rest arrive tomorrow.` : null,
              warehouse_comment_date: hasWarehouseComment ? date(created + random.int(2, 20) * DAY) : null,
              created_at: date(created),
              updated_at: date(created + random.int(1, 25) * DAY),
            },
            'import',
            Number(row.seller_id),
            Number(row.warehouse_id),
          ),
        );
      }
    }
  }
  tables.quotations = quotationRows;

  // Products with the warehouse's inventory of them.
  let productId = 0;
  const productsBySellerWarehouse = new Map<string, SeedRow[]>();
  for (let i = 0; i < Math.max(...sellers.map((seller) => seller.products)); i += 1) {
    for (const seller of sellers) {
      if (i >= seller.products) continue;
      productId += 1;
      // The first products of each seller sit at its busiest warehouses so every order can find stock.
      const warehouseId = i < 4 ? busiest(seller, i) : pickWarehouse(seller);
      const [name, code] = GOODS[(i + seller.sellerId) % GOODS.length] ?? GOODS[0];
      const metric = random.chance(0.8);
      const estimated = random.int(50, 2000);
      const delivered = estimated - random.int(0, 10);
      const unavailable = random.int(0, 12);
      const requested = random.int(0, 60);
      const completed = random.int(0, 400);
      const available = Math.max(0, delivered - unavailable - completed);
      const row = owned(
        {
          id: productId,
          product_name: i < GOODS.length ? name : `${name} (${['blue', 'sand', 'olive', 'charcoal'][i % 4]})`,
          width: metric ? random.int(5, 60) : random.int(2, 24),
          height: metric ? random.int(1, 40) + 0.5 * random.int(0, 1) : random.int(1, 16),
          length: metric ? random.int(5, 80) : random.int(2, 30),
          demension_unit: metric ? 'cm' : 'in',
          weight: metric ? random.int(80, 2500) : Math.round(random.next() * 200) / 10 + 0.1,
          weight_unit: metric ? 'g' : 'Kgs',
          estimate_quantity: estimated,
          average_month_sale: random.int(5, 400),
          sku: `${code}-${seller.sellerId}${String(i + 1).padStart(3, '0')}`,
          ean_upc: random.chance(0.85) ? `880${random.digits(10)}` : null,
          asin: random.chance(0.6) ? `B0${random.digits(2)}X${random.digits(5)}` : null,
          packed_method: random.pick(['POLYBAG', 'BOX', 'BUBBLE_WRAP', 'NONE']),
          storage_method: random.pick(['SHELF', 'PALLET', 'BIN']),
          dangerous_goods: code === 'LPB',
          lot_product: random.chance(0.4) ? `LOT-2026-${String(random.int(1, 12)).padStart(2, '0')}` : null,
          delivered_dt: random.chance(0.9) ? date(i * 2 * DAY + random.int(0, 23) * HOUR) : null,
          location: `${String.fromCharCode(65 + random.int(0, 7))}-${String(random.int(1, 30)).padStart(2, '0')}-${String(random.int(1, 6)).padStart(2, '0')}`,
          estimated_quantity: estimated,
          delivered_quantity: delivered,
          available_quantity: available,
          unavailable_quantity: unavailable,
          inspection_result: unavailable > 0 ? 'PARTIAL' : 'PASSED',
          remain_quantity: available + unavailable,
          other_result_detail: unavailable > 0 ? `${unavailable} units with crushed packaging.` : null,
          order_request_quantity: requested,
          order_complete_quantity: completed,
          return_disposal_quantity: random.int(0, 3),
        },
        'product',
        seller.sellerId,
        warehouseId,
      );
      tables.products.push(row);
      const key = `${seller.sellerId}:${warehouseId}`;
      productsBySellerWarehouse.set(key, [...(productsBySellerWarehouse.get(key) ?? []), row]);
    }
  }

  // Normal orders of those products (an order ships from a warehouse that stocks its products).
  let orderId = 0;
  const ordersBySeller = new Map<number, SeedRow[]>();
  for (let i = 0; i < Math.max(...sellers.map((seller) => seller.orders)); i += 1) {
    for (const seller of sellers) {
      if (i >= seller.orders) continue;
      let warehouseId = pickWarehouse(seller);
      if (!productsBySellerWarehouse.has(`${seller.sellerId}:${warehouseId}`)) warehouseId = busiest(seller, i);
      const stock = productsBySellerWarehouse.get(`${seller.sellerId}:${warehouseId}`) ?? [];
      orderId += 1;
      const site = random.pick(SITES);
      const [city, countryCode, country, phone, street] = site;
      const buyer = `${random.pick(FIRST)} ${random.pick(LAST)}`;
      const status = random.pick(ORDER_STATUSES);
      const shipped = ['SHIPPED', 'DELIVERED'].includes(status);
      const channel = random.pick(CHANNELS);
      const lines = random.int(1, Math.min(3, stock.length));
      const items = Array.from({ length: lines }, (_, line) => stock[(i + line) % stock.length]).filter((item): item is SeedRow => item !== undefined);
      const row = owned(
        {
          id: orderId,
          order_number: `SO-2026-${String(orderId).padStart(6, '0')}`,
          order_date: date(i * 0.8 * DAY + random.int(0, 20) * HOUR),
          status,
          seller_status: status === 'NEW' ? 'NEW' : 'CONFIRMED',
          warehouse_status: status,
          sale_channel: channel,
          dangerous: items.some((item) => item.dangerous_goods === true),
          buyer_name: buyer,
          buyer_email: random.chance(0.9) ? `${buyer.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com` : null,
          recipient_name: random.chance(0.8) ? buyer : `${random.pick(FIRST)} ${random.pick(LAST)}`,
          recipient_phone: `${phone} ${random.digits(3)} ${random.digits(4)}`,
          recipient_country_code: countryCode,
          shipping_address: `${random.int(1, 999)} ${street}`,
          city,
          state: countryCode === 'US' ? random.pick(['CA', 'NJ', 'NY', 'WA']) : null,
          country,
          postal_code: random.digits(5),
          detail_address: random.chance(0.4) ? `Suite ${random.int(100, 900)}` : null,
          detail_address2: random.chance(0.1) ? `Floor ${random.int(2, 30)}` : null,
          packaging_method: random.pick(['BOX', 'POLYBAG', 'ENVELOPE']),
          shipping_method: random.pick(['STANDARD', 'EXPRESS', 'ECONOMY']),
          courier: shipped || status === 'PACKED' ? random.pick(COURIERS) : null,
          tracking_number: shipped ? `1Z${random.digits(16)}` : null,
          seller_comment: random.chance(0.25) ? random.pick(['Gift wrap, no invoice in the parcel.', 'Fragile: double box.', 'Deliver after 6 pm.']) : null,
          warehouse_comment: random.chance(0.15) ? random.pick(['Address verified with buyer.', 'Split into two parcels.']) : null,
          package_number: shipped ? `PKG-2026-${String(orderId).padStart(6, '0')}` : null,
          information_order: JSON.stringify({
            channelOrderId: `#${random.digits(5)}`,
            currency: random.pick(['USD', 'KRW', 'EUR', 'JPY']),
            ...(random.chance(0.2) ? { giftMessage: 'Happy birthday!' } : {}),
          }),
        },
        'order',
        seller.sellerId,
        warehouseId,
      );
      tables.normal_orders.push(row);
      items.forEach((item, line) => {
        tables.order_items.push({ order_id: orderId, line_no: line + 1, product_id: Number(item.id), quantity: random.int(1, 4) });
      });
      ordersBySeller.set(seller.sellerId, [...(ordersBySeller.get(seller.sellerId) ?? []), row]);
    }
  }

  // Returns of delivered or shipped orders, back to the warehouse that shipped them.
  let returnId = 0;
  for (let i = 0; i < Math.max(...sellers.map((seller) => seller.returns)); i += 1) {
    for (const seller of sellers) {
      if (i >= seller.returns) continue;
      const orders = ordersBySeller.get(seller.sellerId) ?? [];
      const order = orders[(i * 2) % orders.length];
      if (order === undefined) continue;
      returnId += 1;
      const warehouse = tables.warehouses[Number(order.warehouse_id) - 1] ?? {};
      const items = tables.order_items.filter((item) => item.order_id === order.id).slice(0, 2);
      const quantity = items.reduce((sum, item) => sum + Number(item.quantity), 0);
      const returnToSeller = random.chance(0.2);
      const status = random.pick(RETURN_STATUSES);
      tables.return_orders.push(
        owned(
          {
            id: returnId,
            order_id: Number(order.id),
            return_status: status,
            warehouse_return_status: status === 'REQUESTED' || status === 'IN_TRANSIT' ? 'WAITING' : random.pick(['RECEIVED', 'RESTOCKED', 'DISPOSED']),
            return_reason: random.pick(['Customer received the wrong colour.', 'Item arrived damaged.', 'Customer changed their mind.', 'Size does not fit.']),
            return_type: random.pick(['CUSTOMER_RETURN', 'UNDELIVERABLE', 'DAMAGED_IN_TRANSIT']),
            process_type: returnToSeller ? 'RETURN_TO_SELLER' : random.pick(['RESTOCK', 'DISPOSE', 'INSPECT']),
            quantity: Math.max(1, quantity),
            return_to_seller: returnToSeller,
            recipient_name: `${warehouse.name ?? 'Fulfillment Center'} returns desk`,
            recipient_phone: String(warehouse.phone_number ?? ''),
            return_address: String(warehouse.address ?? ''),
            city:
              String(warehouse.address ?? '')
                .split(', ')
                .pop() ?? '',
            state: null,
            country: (SITES.find((site) => site[1] === warehouse.country_code) ?? SITES[0])[2],
            postal_code: random.digits(5),
            detail_return_address: random.chance(0.5) ? `Dock ${random.int(1, 9)}` : null,
            detail_return_address2: null,
            comment: random.chance(0.4) ? 'Original packaging, unopened.' : null,
            courier: random.pick(COURIERS),
            tracking_number: random.chance(0.8) ? `JD${random.digits(18)}` : null,
            warehouse_update_date: status === 'REQUESTED' ? null : date(Number((order.order_date as Date).getTime() - BASE) + random.int(5, 20) * DAY),
            information_order_return: JSON.stringify({ channelReturnId: `RMA-${random.digits(5)}`, originalOrderNumber: order.order_number }),
          },
          'return',
          seller.sellerId,
          Number(order.warehouse_id),
        ),
      );
      items.forEach((item, line) => {
        tables.return_items.push({ return_id: returnId, line_no: line + 1, product_id: Number(item.product_id), quantity: Number(item.quantity) });
      });
    }
  }
  return tables;
}
