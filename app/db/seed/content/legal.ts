import type { SeedLegalPage } from '../types';

// Legal texts for /termos-uso, /politica-privacidade and /trocas-devolucoes.
// HTML as for blog posts. They reflect how the store works: online-only, free shipping, the
// payment methods offered now ({formas-de-pagamento}, lib/payment-offer), the 'Assinatura
// Inteligente' plans, the contract summary and versioned Termos at checkout, and the withdrawal
// and returns flow of the order page ("Desistir da compra").
// They are a solid starting point, not legal advice: have them reviewed by a lawyer.
//
// The admin edits these pages (/admin/legal-pages); the seed writes them on a new database and
// brings a page up to the text below only while it still holds a text an earlier seed wrote
// (SEEDED_TEXT_HASHES), so an admin's edit is never overwritten.

const COMPANY = 'Clarear Produtos de Limpeza Ltda.';
/** The Termos' own date: the contract summary, the versioned acceptance and "Desistir da compra" (issue 32). */
const TERMS_UPDATED = '28 de novembro de 2026';
/** The privacy policy's own date: the LGPD rights' self-service (Meus Dados) came later. */
const PRIVACY_UPDATED = '27 de novembro de 2026';
/** The returns policy's own date: withdrawal and returns from the order page (issue 32). */
const RETURNS_UPDATED = '28 de novembro de 2026';

const termosUso = `<p><em>Última atualização: ${TERMS_UPDATED}.</em></p>
<p>Estes Termos de Uso regulam o acesso e a utilização da loja virtual Clarear e a compra de produtos, kits e planos de assinatura oferecidos por <strong>${COMPANY}</strong>, doravante "Clarear", cuja razão social, CNPJ e endereço aparecem no rodapé de todas as páginas do site e na página de <a href="/contato">contato</a>. Ao navegar pelo site, criar uma conta ou fazer uma compra, você declara que leu e concorda com estes termos e com a nossa <a href="/politica-privacidade">Política de Privacidade</a>.</p>
<h2>1. Quem pode usar a loja</h2>
<p>Qualquer pessoa pode navegar pelo catálogo, ler o blog e usar o assistente virtual. Para comprar, favoritar produtos, salvar kits e assinar um plano, é necessário criar uma conta. O cadastro é pessoal e permitido a maiores de 18 anos e a pessoas jurídicas representadas por quem tenha poderes para isso. Você é responsável pela veracidade dos dados informados e pela guarda da sua senha; avise-nos imediatamente pelo e-mail sac@clarear.com.br se suspeitar de uso indevido da sua conta.</p>
<h2>2. Produtos e informações</h2>
<p>Nossos produtos são saneantes fabricados e comercializados conforme as normas da Anvisa. As descrições, o pH, as diluições, as indicações de uso, as precauções e os dados de segurança publicados no site reproduzem as informações dos rótulos. As imagens são ilustrativas e podem não corresponder exatamente à embalagem enviada. Leia sempre o rótulo antes de usar o produto. Itens identificados como de <strong>uso profissional</strong> destinam-se a pessoas treinadas e devem ser usados com os equipamentos de proteção indicados.</p>
<p>A Clarear não se responsabiliza por danos causados pelo uso em desacordo com as instruções do rótulo, incluindo misturas entre produtos, diluições diferentes das indicadas ou aplicação em superfícies contraindicadas.</p>
<h2>3. Resumo do contrato e aceite destes termos</h2>
<p>Antes do botão "Pagar Agora", a página de finalização da compra mostra o <strong>resumo do contrato</strong>: quem vende (razão social, CNPJ e endereço), os itens e seus preços, o frete e as condições de entrega, o total, a forma de pagamento e as parcelas, e o seu direito de desistir da compra.</p>
<ul>
<li>Na sua primeira compra, e sempre que estes termos tiverem mudado desde a sua última compra, pedimos que você marque "Li e aceito os Termos de Uso" antes de pagar. Sem essa marcação, o pedido não é feito. Se os termos forem alterados enquanto você está comprando, pedimos que leia a nova versão e marque de novo.</li>
<li>Cada pedido registra a versão dos Termos de Uso e da Política de Privacidade vigente no momento da compra, com uma impressão digital (hash) do texto de cada uma. Vale para o pedido a versão registrada nele.</li>
<li>O e-mail de confirmação do pedido traz o mesmo resumo e o endereço da versão aceita destes termos e da Política de Privacidade. Cada versão continua publicada, com o seu número e a data, mesmo depois que o texto mudar; a página do pedido também mostra a versão aceita.</li>
</ul>
<h2>4. Preços, pagamento e nota fiscal</h2>
<p>Os preços são exibidos em reais (R$) e podem ser alterados a qualquer momento, sem afetar pedidos já confirmados. Aceitamos {formas-de-pagamento}. O pedido é confirmado após a confirmação do pagamento. Em caso de erro evidente de preço ou de cadastro, a Clarear poderá cancelar o pedido, com reembolso integral de qualquer valor pago. A nota fiscal é emitida em nome do titular do pedido e enviada por e-mail.</p>
<h2>5. Entrega</h2>
<p>Entregamos em todo o território nacional. No momento, o frete é gratuito em todos os pedidos. O pedido é enviado ao endereço escolhido na finalização da compra depois da confirmação do pagamento, e o código de rastreio chega por e-mail e aparece na página do pedido. É responsabilidade do cliente informar um endereço completo e correto e garantir que haja alguém para receber. Alguns produtos químicos, por sua classificação de risco, podem ser enviados por transportadora específica.</p>
<h2>6. Assinatura Inteligente</h2>
<p>A Assinatura Inteligente é um plano pago e recorrente que oferece <strong>10% de desconto em todas as compras avulsas</strong> enquanto estiver ativa, além da escolha da frequência de entrega (a cada 1, 2 ou 3 meses) no momento da compra. Os planos disponíveis são mensal, semestral e anual, com preços e condições informados na página <a href="/assinatura">Assinatura</a>. O desconto não se aplica ao pedido que contém a própria contratação do plano.</p>
<ul>
<li>Você pode trocar de plano ou cancelar a qualquer momento na Área do Cliente, em Assinaturas, sem multa ou fidelidade.</li>
<li>O cancelamento encerra os benefícios e as cobranças futuras a partir da data em que é solicitado.</li>
<li>Em até 7 dias da contratação, você pode desistir do plano pelo botão "Desistir da compra" no pedido que o contratou: o plano é cancelado e o valor pago por ele é devolvido integralmente.</li>
<li>A Clarear pode alterar preços e benefícios do plano mediante aviso prévio de 30 dias por e-mail; a alteração vale a partir da renovação seguinte e você pode cancelar caso não concorde.</li>
</ul>
<h2>7. Desistência, trocas e devoluções</h2>
<p>Você pode <strong>desistir da compra em até 7 dias corridos após o recebimento</strong>, sem precisar dizer o motivo, com reembolso integral, inclusive do frete (art. 49 do Código de Defesa do Consumidor). A desistência é feita no próprio site, pelo botão <strong>"Desistir da compra"</strong> na página do pedido e em Meus Pedidos, disponível desde a confirmação do pagamento até o 7º dia após a entrega; a página do pedido mostra até quando. Antes do envio, o pedido é cancelado e reembolsado na hora; depois do envio, você recebe na hora a confirmação com um número de protocolo e nós respondemos com as instruções de devolução. Produtos com defeito podem ser devolvidos em até 30 dias, pelo mesmo caminho. Os prazos e o passo a passo estão na nossa <a href="/trocas-devolucoes">Política de Trocas e Devoluções</a>, que faz parte destes termos.</p>
<h2>8. Uso adequado do site</h2>
<p>É proibido usar a loja para fins ilícitos, tentar acessar áreas restritas ou dados de outros usuários, interferir no funcionamento do site, utilizar robôs para coleta de conteúdo ou preços, ou cadastrar dados de terceiros sem autorização. Contas envolvidas nessas práticas podem ser suspensas, sem prejuízo das medidas legais cabíveis.</p>
<h2>9. Propriedade intelectual</h2>
<p>A marca Clarear, o logotipo, os textos, as ilustrações, os artigos do blog e o layout do site pertencem à Clarear e são protegidos pela legislação de propriedade intelectual. É permitido compartilhar links para o nosso conteúdo; a reprodução total ou parcial para fins comerciais depende de autorização por escrito.</p>
<h2>10. Disponibilidade e responsabilidade</h2>
<p>Trabalhamos para manter a loja disponível e segura, mas o site pode passar por interrupções para manutenção ou por falhas de terceiros, como provedores de internet e meios de pagamento. Nesses casos, nenhum pedido confirmado será prejudicado. Links internos e conteúdos do blog têm caráter informativo e não substituem a leitura do rótulo ou a orientação de um profissional.</p>
<h2>11. Alterações destes termos</h2>
<p>Estes termos podem ser atualizados para refletir mudanças na loja ou na legislação. Cada alteração gera uma nova versão numerada; a versão vigente é sempre a publicada nesta página, e as anteriores continuam disponíveis no endereço indicado no e-mail de cada pedido. Compras já realizadas seguem a versão aceita na data do pedido; na compra seguinte, pedimos o seu aceite da nova versão.</p>
<h2>12. Legislação e foro</h2>
<p>Estes termos são regidos pelas leis brasileiras, em especial o Código de Defesa do Consumidor (Lei 8.078/1990), o Decreto 7.962/2013 (comércio eletrônico), o Marco Civil da Internet (Lei 12.965/2014) e a Lei Geral de Proteção de Dados (Lei 13.709/2018). Fica eleito o foro do domicílio do consumidor para resolver eventuais conflitos.</p>
<h2>13. Fale conosco</h2>
<p>Dúvidas sobre estes termos podem ser enviadas para <strong>sac@clarear.com.br</strong> ou pela página de <a href="/contato">contato</a>. Respondemos no prazo informado nessa página, que nunca passa de 5 dias.</p>`;

const politicaPrivacidade = `<p><em>Última atualização: ${PRIVACY_UPDATED}.</em></p>
<p>A <strong>${COMPANY}</strong>, com sede em São Paulo/SP, CNPJ informado na nota fiscal ("Clarear"), respeita a sua privacidade. Esta política explica, de acordo com a Lei Geral de Proteção de Dados Pessoais (<strong>LGPD, Lei 13.709/2018</strong>), quais dados pessoais tratamos, para quê, com quem os compartilhamos, por quanto tempo os guardamos e como você pode exercer seus direitos. A Clarear é a <strong>controladora</strong> dos dados tratados na loja virtual.</p>
<h2>1. Dados que coletamos</h2>
<h3>Dados que você nos fornece</h3>
<ul>
<li><strong>Cadastro:</strong> nome, e-mail e senha (armazenada apenas em formato criptografado, por hash, que nem a Clarear consegue ler).</li>
<li><strong>Entrega:</strong> endereços cadastrados, com CEP, cidade e estado.</li>
<li><strong>Compras e assinatura:</strong> produtos comprados, valores, frequência de entrega, plano contratado e histórico de pedidos.</li>
<li><strong>Pagamento:</strong> os dados do cartão são digitados e processados diretamente pela instituição de pagamento; a Clarear não armazena o número completo do cartão nem o código de segurança.</li>
<li><strong>Comunicação:</strong> e-mail cadastrado na newsletter, mensagens enviadas pelo formulário de contato, pelo assistente virtual e ao SAC.</li>
<li><strong>Preferências:</strong> tema claro ou escuro, exibição do assistente virtual e do botão de WhatsApp, recebimento de notificações, produtos favoritos e kits salvos.</li>
</ul>
<h3>Dados coletados automaticamente</h3>
<ul>
<li>Endereço IP, data e hora de acesso, tipo de navegador e dispositivo, guardados como registros de acesso.</li>
<li>Cookies e armazenamento local do navegador, usados para manter sua sessão, seu carrinho e suas preferências de tema.</li>
</ul>
<h2>2. Para que usamos seus dados e com qual base legal</h2>
<ul>
<li><strong>Criar e manter sua conta, processar pedidos, entregar produtos, gerenciar a assinatura e emitir notas fiscais</strong>: execução de contrato (art. 7º, V, da LGPD) e cumprimento de obrigação legal ou regulatória (art. 7º, II).</li>
<li><strong>Atender solicitações no SAC, trocas e devoluções</strong>: execução de contrato e exercício regular de direitos (art. 7º, V e VI).</li>
<li><strong>Prevenir fraudes e proteger a segurança da loja e dos usuários</strong>: legítimo interesse (art. 7º, IX) e proteção do crédito (art. 7º, X).</li>
<li><strong>Enviar a newsletter, ofertas e conteúdos do blog</strong>: consentimento (art. 7º, I), que você pode revogar a qualquer momento pelo link de descadastro ou nas preferências da conta.</li>
<li><strong>Melhorar o site, o catálogo e o atendimento</strong> a partir de estatísticas de uso: legítimo interesse, sempre que possível com dados agregados ou anonimizados.</li>
<li><strong>Guardar registros de acesso</strong>: obrigação legal prevista no Marco Civil da Internet (Lei 12.965/2014).</li>
</ul>
<p>Não tomamos decisões exclusivamente automatizadas que produzam efeitos jurídicos sobre você e não vendemos dados pessoais.</p>
<h2>3. Com quem compartilhamos</h2>
<p>Compartilhamos apenas os dados necessários com: transportadoras e Correios (nome, endereço e telefone para entrega); instituições de pagamento e antifraude (dados do pedido e de pagamento); provedores de hospedagem, banco de dados e envio de e-mails, que atuam como operadores e seguem nossas instruções; escritórios de contabilidade, para obrigações fiscais; e autoridades públicas, quando houver obrigação legal ou ordem judicial. Alguns desses fornecedores podem armazenar dados em servidores fora do Brasil; nesses casos, adotamos as garantias previstas no art. 33 da LGPD, como cláusulas contratuais de proteção de dados.</p>
<h2>4. Por quanto tempo guardamos</h2>
<ul>
<li>Dados de cadastro: enquanto a conta estiver ativa. Após a exclusão, são eliminados ou anonimizados, salvo o que precisamos manter por lei.</li>
<li>Pedidos e documentos fiscais: pelo prazo exigido pela legislação tributária, em regra 5 anos.</li>
<li>Registros de acesso: 6 meses, conforme o Marco Civil da Internet.</li>
<li>Newsletter: até você cancelar a inscrição.</li>
<li>Dados necessários à defesa em processos: até o fim do prazo de prescrição aplicável.</li>
<li><strong>Desconto de boas-vindas:</strong> o desconto vale uma vez por pessoa. Para evitar que seja usado de novo por quem já comprou (prevenção de fraudes: legítimo interesse, art. 7º, IX, e conservação autorizada pelo art. 16 da LGPD), guardamos, mesmo depois da exclusão da conta, um código calculado a partir do CPF/CNPJ de quem usou o desconto ou já comprou na loja (um hash com chave secreta: não é possível recuperar o documento a partir dele, nem ligá-lo ao seu nome ou e-mail). Ele serve só para negar um segundo desconto de boas-vindas e não aparece no arquivo de Baixar meus dados, pois não identifica você sozinho.</li>
</ul>
<h2>5. Seus direitos como titular</h2>
<p>O art. 18 da LGPD garante a você, a qualquer momento e gratuitamente:</p>
<ul>
<li><strong>Confirmação</strong> de que tratamos seus dados e <strong>acesso</strong> a eles;</li>
<li><strong>Correção</strong> de dados incompletos, inexatos ou desatualizados;</li>
<li><strong>Anonimização, bloqueio ou eliminação</strong> de dados desnecessários, excessivos ou tratados em desconformidade com a lei, e a <strong>eliminação</strong> dos dados tratados com o seu consentimento;</li>
<li><strong>Portabilidade</strong> dos dados a outro fornecedor;</li>
<li><strong>Informação sobre o compartilhamento</strong>: com quais entidades públicas e privadas compartilhamos seus dados (veja a seção 3);</li>
<li>Informação sobre a possibilidade de não dar consentimento e suas consequências, e <strong>revogação do consentimento</strong>;</li>
<li>Oposição a tratamentos baseados em legítimo interesse, e revisão de decisões automatizadas.</li>
</ul>
<p>Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).</p>
<h2>6. Como exercer seus direitos</h2>
<p>Na <strong>Área do Cliente, em <a href="/area-cliente/perfil">Meus Dados</a></strong>, você mesmo, sem precisar pedir:</p>
<ul>
<li><strong>Baixar meus dados</strong> (confirmação, acesso e portabilidade): um arquivo JSON com tudo o que guardamos sobre você: cadastro, endereços, pedidos com itens e histórico, assinatura e entregas programadas, lista de desejos, kits salvos, preferências, inscrição na newsletter e mensagens de contato.</li>
<li><strong>Corrigir</strong> nome e CPF/CNPJ em Meus Dados e os endereços em Endereços; deixar a newsletter e as notificações em Preferências (revogação do consentimento).</li>
<li><strong>Excluir minha conta</strong> (eliminação e anonimização): com a senha digitada de novo e a sua confirmação, apagamos a conta, as sessões, os endereços, a lista de desejos, os kits salvos, as preferências, a inscrição na newsletter e as mensagens de contato, e cancelamos a assinatura e as entregas programadas. Os pedidos são guardados pelo prazo da legislação fiscal (art. 16, I, da LGPD), sem o seu nome, e-mail, CPF/CNPJ, endereço e o link do boleto. Pedimos também à instituição de pagamento que apague os cartões salvos e o seu cadastro de cliente lá. Fica guardado apenas o código do CPF/CNPJ do desconto de boas-vindas (seção 4). Enquanto houver um pedido pago, em separação ou enviado, a exclusão aguarda a entrega. Depois, o mesmo e-mail pode criar uma conta nova.</li>
</ul>
<p>Para os demais pedidos (por exemplo, saber com quem compartilhamos seus dados, opor-se a um tratamento ou tratar de dados de quem não tem conta), fale com nosso encarregado pelo tratamento de dados pessoais (DPO) pelo e-mail <strong>privacidade@clarear.com.br</strong> ou pela página de <a href="/contato">contato</a>. Para sua segurança, poderemos pedir informações que confirmem sua identidade antes de atender ao pedido. Respondemos em até 15 dias.</p>
<h2>7. Segurança</h2>
<p>Adotamos medidas técnicas e administrativas para proteger seus dados: conexão criptografada (HTTPS), senhas armazenadas com hash, acesso restrito aos dados por funcionários que precisam deles, cópias de segurança e monitoramento. Nenhum sistema é totalmente invulnerável; se ocorrer um incidente de segurança que possa gerar risco ou dano relevante, comunicaremos você e a ANPD, conforme a lei.</p>
<h2>8. Cookies e armazenamento local</h2>
<p>Usamos cookies essenciais para manter você conectado e proteger formulários, e o armazenamento local do navegador para guardar o carrinho e o tema escolhido. Sem eles, a loja não funciona corretamente. Você pode apagar esses dados nas configurações do navegador a qualquer momento.</p>
<h2>9. Crianças e adolescentes</h2>
<p>A loja não é direcionada a menores de 18 anos e não coletamos intencionalmente dados de crianças. Se identificarmos um cadastro desse tipo, ele será excluído.</p>
<h2>10. Alterações desta política</h2>
<p>Esta política pode ser atualizada. Mudanças relevantes serão comunicadas por e-mail ou por aviso no site, e a data no início desta página sempre indica a versão vigente.</p>`;

const trocasDevolucoes = `<p><em>Última atualização: ${RETURNS_UPDATED}.</em></p>
<p>Na <strong>${COMPANY}</strong> (razão social, CNPJ e endereço no rodapé de todas as páginas do site), queremos que você fique satisfeito com cada compra. Esta política explica como desistir de uma compra, devolver um produto com defeito e receber o seu dinheiro de volta, de acordo com o <strong>Código de Defesa do Consumidor (CDC, Lei 8.078/1990)</strong> e o Decreto 7.962/2013. Ela vale para compras de pessoas físicas e de empresas que adquirem os produtos como destinatárias finais. Tudo é feito no próprio site, no mesmo lugar em que você comprou.</p>
<h2>1. Direito de arrependimento (art. 49 do CDC)</h2>
<p>Como todas as nossas vendas são feitas pela internet, você pode <strong>desistir da compra em até 7 (sete) dias corridos contados a partir do recebimento do produto</strong>, sem precisar justificar o motivo, e recebe de volta <strong>todo o valor pago, inclusive o frete</strong>.</p>
<ul>
<li>O botão <strong>"Desistir da compra"</strong> fica na página do pedido e em <a href="/area-cliente/meus-pedidos">Meus Pedidos</a>, na Área do Cliente, desde a confirmação do pagamento até o fim do 7º dia após a entrega. Os dias são contados no calendário de São Paulo a partir da data de entrega registrada no histórico do pedido, e a página do pedido mostra até quando você pode desistir.</li>
<li>O custo do envio de volta é da Clarear.</li>
</ul>
<h2>2. Desistir antes do envio</h2>
<p>Se o pedido ainda não foi enviado (pagamento confirmado ou pedido em separação), ao clicar em "Desistir da compra" ele é <strong>cancelado e reembolsado na hora</strong>:</p>
<ul>
<li><strong>Cartão de crédito:</strong> pedimos o estorno à instituição de pagamento no mesmo momento. O crédito aparece em até duas faturas, conforme o banco emissor; compras parceladas têm as parcelas canceladas.</li>
<li><strong>Pix pago pela instituição de pagamento:</strong> o valor volta para a conta de onde saiu o pagamento.</li>
<li><strong>Pix feito diretamente na chave Pix da loja:</strong> o formulário de desistência pede a sua chave Pix, e devolvemos o valor por transferência Pix para ela.</li>
</ul>
<h2>3. Desistir depois do envio</h2>
<ol>
<li>Na página do pedido, clique em "Desistir da compra", confirme os itens que vai devolver e, se quiser, diga o motivo.</li>
<li>Você recebe na hora, na página e por e-mail, a confirmação do pedido de desistência com um <strong>número de protocolo</strong>.</li>
<li>Respondemos dentro do nosso prazo de atendimento, informado na página de <a href="/contato">contato</a> e que nunca passa de 5 dias, com as <strong>instruções de devolução</strong>: um código de autorização de postagem reversa, para levar o pacote a uma agência dos Correios sem pagar nada, ou o agendamento de uma coleta. Produtos ácidos, corrosivos ou inflamáveis são recolhidos apenas por transportadora habilitada, nunca pelos Correios.</li>
<li>Quando a devolução chega e é conferida, fazemos o <strong>reembolso integral, inclusive do frete</strong>, pela mesma forma de pagamento: no cartão, com o estorno pela instituição de pagamento; no Pix, como descrito na seção 2.</li>
</ol>
<p>Cada passo aparece no histórico do pedido e é avisado por e-mail. Por se tratarem de produtos químicos, pedimos que sejam devolvidos bem fechados, de preferência na embalagem original e com o rótulo íntegro, com todos os itens devolvidos (no caso de kits, todos os produtos do kit). Não manuseie embalagens vazando sem luvas.</p>
<h2>4. Produtos com defeito (arts. 18 e 26 do CDC)</h2>
<p>Se o produto apresentar problema de qualidade ou quantidade, como embalagem vazando, lacre rompido na entrega, volume inferior ao indicado, alteração de cor, cheiro ou consistência dentro do prazo de validade, ou produto diferente do anunciado, você pode pedir a devolução em até <strong>30 (trinta) dias</strong>, o prazo do CDC para produtos não duráveis como os de limpeza. Para defeitos aparentes, o prazo começa na data da entrega; para defeitos ocultos, a partir do momento em que o problema se tornar evidente.</p>
<p>O caminho é o mesmo da desistência depois do envio: pela página do pedido, indicando o defeito, com protocolo na hora, instruções de devolução dentro do nosso prazo de atendimento e, ao recebermos o produto, a <strong>troca</strong> por outro igual em perfeitas condições ou o <strong>reembolso integral</strong>, inclusive do frete. Se o pacote chegar molhado, amassado ou com cheiro forte de produto, você também pode recusar a entrega e nos avisar.</p>
<h2>5. Assinatura Inteligente</h2>
<p>Em até <strong>7 dias da contratação</strong>, você pode desistir do plano pelo botão "Desistir da compra" no pedido que o contratou: o plano é cancelado na hora e o valor pago por ele é devolvido integralmente, pela mesma forma de pagamento. Depois desse prazo, você pode cancelar a assinatura a qualquer momento em Assinaturas, na Área do Cliente, sem multa: o cancelamento encerra os benefícios e as cobranças futuras. Compras avulsas feitas com o desconto de assinante seguem as regras desta política normalmente.</p>
<h2>6. Situações que não dão direito a troca</h2>
<p>Fora do prazo de arrependimento e sem defeito, não trocamos produtos abertos ou parcialmente utilizados por simples mudança de preferência, nem produtos danificados por uso em desacordo com o rótulo, como misturas, diluições incorretas ou armazenamento inadequado (sob sol ou calor excessivo). Essas condições nunca limitam os seus direitos previstos no CDC.</p>
<h2>7. Atendimento</h2>
<p>Se tiver qualquer dificuldade com o botão "Desistir da compra", nosso SAC atende pelo e-mail <strong>sac@clarear.com.br</strong> e pela página de <a href="/contato">contato</a>, de segunda a sexta, das 8h às 18h, e aos sábados, das 8h às 12h, exceto feriados. Se não ficar satisfeito com a solução, você também pode procurar o Procon da sua cidade ou a plataforma pública consumidor.gov.br.</p>`;

export const legalPages: SeedLegalPage[] = [
  {
    slug: 'termos-uso',
    title: 'Termos de Uso',
    description:
      'Regras de uso da loja virtual Clarear: cadastro, compras, resumo do contrato e aceite, pagamento, entrega, Assinatura Inteligente, desistência e responsabilidades.',
    content: termosUso,
  },
  {
    slug: 'politica-privacidade',
    title: 'Política de Privacidade',
    description:
      'Como a Clarear coleta, usa, compartilha e protege seus dados pessoais, conforme a LGPD (Lei 13.709/2018), e como exercer seus direitos.',
    content: politicaPrivacidade,
  },
  {
    slug: 'trocas-devolucoes',
    title: 'Trocas e Devoluções',
    description:
      'Como desistir da compra em até 7 dias após o recebimento, devolver um produto com defeito em até 30 dias e receber o reembolso integral, inclusive do frete, conforme o Código de Defesa do Consumidor.',
    content: trocasDevolucoes,
  },
];

/**
 * sha256 (hex) of every text a seed ever wrote for each page, oldest first, the current one last (a
 * test checks it). A stored page whose text is one of these was never edited by an admin: a start
 * brings it up to the text above as a new version (seed.server.ts, syncSeededLegalPages). On a
 * change of a text above, append its new hash; never remove one.
 */
export const SEEDED_TEXT_HASHES: Record<SeedLegalPage['slug'], readonly string[]> = {
  'termos-uso': [
    '81631f3df0cb08d3290a489d1025dc79a2c553cac4c8fcc790bd23c317c444bf',
    '50d70e8455addccb9ef705d89a11e02a9a388b8b49d812fe023a769718e65994',
    'af77e48f08d9a75434c073176ce9c69b6ac4f4daea5e612f085103a23e0ada9c',
  ],
  'politica-privacidade': [
    '79664e92a7c04dca51e458269f0ed9ad4d38c9675e63f0655995b1c72d642f11',
    '748470657aba2c4bc361373efe0ca28d5d4ab355f97e281f7a7fb55d3a5f73c3',
    'b8759c7defc48fd5445ecf1932f2c1d1d5184c4674ee5b8f25023d6c017bf0cd',
  ],
  'trocas-devolucoes': [
    '6f02483e19d95617ac2bd836c6f0a356993dffe9a971d474f38ce46a3f88c31f',
    '6fcd06d5459e984d80da24296ac3fb392d025918ce4ba4747e8ea31d10959753',
  ],
};
